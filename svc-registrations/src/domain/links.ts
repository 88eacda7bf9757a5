import { createHash, randomBytes } from 'node:crypto';
import type { Lang } from '@nsa/contracts';
import { sealLink, type PublicAddress } from '@nsa/service-kit';

/** How long a sealed link can wait in notify's queue before it can no longer be opened. */
const SEALED_LINK_TTL_MS = 14 * 24 * 3600 * 1000;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A new parent's link: the token for the URL, its hash to store, the link sealed for notify. */
export interface MintedLink {
  tokenHash: string;
  sealedLink: string;
}

export interface ParentLinksDeps {
  /** Where the pages of the sign-up's organisation are: the link's origin (R-ORG-LINKS). */
  address: Pick<PublicAddress, 'current'>;
  /** The key svc-notify shares to open a sealed link. */
  sealSecret: string;
}

/**
 * R-MY-SIGNUP-LINK: the parent's own link. 256 random bits, kept here only as a SHA-256 hash; the
 * link leaves this service only sealed (AES-256-GCM, with the key svc-notify shares: service-kit's sealLink), inside
 * the event whose email carries it, so it is never readable in the outbox, the stream or a log.
 * Every email with a link gets a token of its own; all of a sign-up's tokens stay valid until
 * it is erased.
 */
export class ParentLinks {
  constructor(private readonly deps: ParentLinksDeps) {}

  /**
   * A link in the parent's language: a language other than Dutch opens the page in that language
   * (`?lng=tr`, R-LANG-DEFAULT, R-LANG-PUBLIC).
   */
  async mint(language: Lang = 'nl'): Promise<MintedLink> {
    const token = randomBytes(32).toString('base64url');
    const page = language === 'nl' ? '/my-signup' : `/my-signup?lng=${language}`;
    const link = `${await this.deps.address.current()}${page}#${token}`;
    const sealedLink = sealLink(link, this.deps.sealSecret, SEALED_LINK_TTL_MS);
    return { tokenHash: sha256(token), sealedLink };
  }
}
