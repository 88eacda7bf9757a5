import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditEntry } from '@nsa/contracts';
import { SYSTEM_ACTOR } from './audit.js';
import type { RequestKey } from './idempotency.js';
import type { NewEvent } from './outbox.js';
import type { SessionUser } from './session.js';

/**
 * What the work under way was asked for by: the request's id (the gateway's X-Request-Id, or
 * the one an event arrived with) and, for a logged-in user's request, its actor as the audit
 * log names it. Set where a request or message comes in; read where an event, an audit entry
 * or a log line is written, so domain code never passes it along.
 */
export interface RequestContext {
  requestId?: string;
  actor?: AuditEntry['actor'];
  /**
   * The logged-in user the request is made by (`currentUser`), set with `actor`: what a change
   * records of who made it (an admin's id, name and address) comes from here alone.
   */
  user?: SessionUser;
  /** The request's `Idempotency-Key`, as the entry point hands it to the change (`currentRequestKey`). */
  idempotencyKey?: RequestKey;
  /**
   * The organisation the work under way belongs to (`currentOrganisation`): every transaction
   * begun in it sets `app.organisation_id` for that transaction alone (db.ts), which is what
   * the database's row policies compare an organisation's rows with.
   */
  organisationId?: number;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const requestContext = {
  /** Runs `fn` (and everything it continues into) in `ctx`. */
  run<T>(ctx: RequestContext, fn: () => T): T {
    return storage.run(ctx, fn);
  },
  /** The context of the work under way; undefined outside any request or message. */
  current(): RequestContext | undefined {
    return storage.getStore();
  },
  /**
   * Runs `fn` as work shared by several requests or events (a batch written for all of them):
   * it belongs to none of them, only to their organisation (R-ORG-EVENTS), or to none outside
   * one.
   */
  shared<T>(organisationId: number | undefined, fn: () => T): T {
    return organisationId === undefined ? storage.exit(fn) : storage.run({ organisationId }, fn);
  },
};

/** The id of the request or message the work under way answers, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Who asked for the work under way: the logged-in user, or the system when nobody did. */
export function currentActor(): AuditEntry['actor'] {
  return storage.getStore()?.actor ?? SYSTEM_ACTOR;
}

/**
 * The logged-in user of the request under way; a request that reached a route behind
 * `requireRole` has one (undefined outside such a request).
 */
export function currentUser(): SessionUser | undefined {
  return storage.getStore()?.user;
}

/** Runs `fn` in the current context with `user` as who asks for it (and as its actor). */
export function withUser<T>(user: SessionUser, actor: AuditEntry['actor'], fn: () => T): T {
  return storage.run({ ...storage.getStore(), user, actor }, fn);
}

/** The organisation of the work under way; undefined when nothing set one. */
export function currentOrganisation(): number | undefined {
  return storage.getStore()?.organisationId;
}

/**
 * Runs `fn` in the current context as work of organisation `id`: each transaction begun inside
 * it belongs to that organisation. An id that is not a positive whole number is refused here,
 * so what reaches the database's setting is always one.
 */
export function withOrganisation<T>(id: number, fn: () => T): T {
  if (!Number.isSafeInteger(id) || id < 1) throw new RangeError('not an organisation id');
  return storage.run({ ...storage.getStore(), organisationId: id }, fn);
}

/** An organisation's id as a header carries it; throws for anything else. */
export function organisationIdOf(header: string): number {
  // A positive PostgreSQL integer, written without sign, leading zeros or anything else.
  if (!/^[1-9][0-9]{0,9}$/.test(header) || Number(header) > 2_147_483_647) {
    throw new Error('the organisation header names no organisation');
  }
  return Number(header);
}

/** Runs `fn` in the current context with `actor` as who asked for it. */
export function withActor<T>(actor: AuditEntry['actor'], fn: () => T): T {
  return storage.run({ ...storage.getStore(), actor }, fn);
}

/**
 * The event with the id and organisation of the request `ctx` fixed on it, for an event one
 * request asked for that is written in work shared by several (a batch): the outbox then does
 * not look at the context the write runs in.
 */
export function forRequest<T>(ctx: RequestContext | undefined, event: NewEvent<T>): NewEvent<T> {
  return { ...event, requestId: ctx?.requestId, organisationId: ctx?.organisationId };
}
