/**
 * What a purge of the REGISTRATIONS stream looks for: sign-up ids, and emails, each as a whole
 * string value anywhere in an event (R-PRIVACY-MATCH: trimmed, any case, never a part of a value).
 */
export interface PurgeTarget {
  ids: Set<number>;
  emails: string[];
}

/**
 * R-PRIVACY-ERASE, R-RETENTION-STREAMS: the REGISTRATIONS stream, whose messages about erased
 * sign-ups go as soon as every consumer has handled them (waiting at most `waitMs` for that),
 * not only after the stream's 7 days.
 */
export interface RegistrationsStream {
  purge(target: PurgeTarget, waitMs: number): Promise<{ deleted: number; pending: number }>;
}
