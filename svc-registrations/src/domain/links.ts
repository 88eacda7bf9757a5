import { createHash, randomBytes } from 'node:crypto';
import { sealData } from 'iron-session';

/** How long a sealed link can wait in notify's queue before it can no longer be opened. */
const SEALED_LINK_TTL_S = 14 * 24 * 3600;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A new parent's link: the token for the URL, its hash to store, the link sealed for notify. */
export interface MintedLink {
  tokenHash: string;
  sealedLink: string;
}

/**
 * R-MY-SIGNUP-LINK: the parent's own link. 256 random bits, kept here only as a SHA-256 hash; the
 * link leaves this service only sealed (iron-session, with the key svc-notify shares), inside
 * the event whose email carries it, so it is never readable in the outbox, the stream or a log.
 * Every email with a link gets a token of its own; all of a sign-up's tokens stay valid until
 * it is erased.
 */
export class ParentLinks {
  constructor(private readonly cfg: { publicBaseUrl: string; sealSecret: string }) {}

  /** A link in the parent's language: English opens the page in English (R-LANG-DEFAULT). */
  async mint(language: 'nl' | 'en' = 'nl'): Promise<MintedLink> {
    const token = randomBytes(32).toString('base64url');
    const page = language === 'en' ? '/my-signup?lng=en' : '/my-signup';
    const link = `${this.cfg.publicBaseUrl.replace(/\/$/, '')}${page}#${token}`;
    const sealedLink = await sealData(
      { link },
      { password: this.cfg.sealSecret, ttl: SEALED_LINK_TTL_S },
    );
    return { tokenHash: sha256(token), sealedLink };
  }
}
