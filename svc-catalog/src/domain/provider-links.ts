import { AUDIT_ACTIONS, blockDateRange, EVENT_TYPES } from '@nsa/contracts';
import {
  AppError,
  currentActor,
  recordAudit,
  type Outbox,
  type PublicAddress,
  type Transactor,
} from '@nsa/service-kit';
import type { ActivityRepository } from '../data-access/activities.js';
import type { ActivityToken, TokenRepository } from '../data-access/tokens.js';
import { providerTokenEvent } from './events.js';
import { MSG } from './messages.js';
import { hashToken, newProviderToken } from './tokens.js';

const GRACE_MS = 14 * 24 * 3600 * 1000;

/**
 * A provider link lives until two weeks after the last Friday of its
 * activity's block (in the block's year), so a provider can still look back at the
 * list; a link made after that gets two weeks from now.
 */
export function defaultExpiry(
  block: { weekStart: number; weekEnd: number; year?: number },
  now = new Date(),
): Date {
  const year = block.year ?? now.getFullYear();
  const { end } = blockDateRange(year, block.weekStart, block.weekEnd);
  const endOfFriday = end.getTime() + 24 * 3600 * 1000 - 1;
  return new Date(Math.max(endOfFriday, now.getTime()) + GRACE_MS);
}

export type ProviderLinkState = 'active' | 'revoked' | 'expired';

export function linkState(t: ActivityToken, now = new Date()): ProviderLinkState {
  if (t.revoked) return 'revoked';
  if (t.expiresAt && new Date(t.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'active';
}

export interface ProviderLinksDeps {
  db: Transactor;
  outbox: Outbox;
  activities: ActivityRepository;
  tokens: TokenRepository;
  /** Where the activity's organisation's pages are: a provider link's origin (R-ORG-LINKS). */
  address: Pick<PublicAddress, 'current'>;
}

/** Provider links of activities: made, shown and revoked by an admin. */
export class ProviderLinks {
  constructor(private readonly deps: ProviderLinksDeps) {}

  async status(activityId: number) {
    const t = await this.deps.tokens.forActivity(activityId);
    if (!t) throw AppError.notFound(MSG.noProviderLink);
    return {
      revoked: t.revoked,
      expiresAt: t.expiresAt,
      createdAt: t.createdAt,
      lastUsedAt: t.lastUsedAt,
      state: linkState(t),
    };
  }

  /** A new 256-bit token; only its hash is stored; the URL is shown this once. */
  async generate(activityId: number) {
    const token = newProviderToken();
    // First, so that no link is replaced by one that cannot be shown.
    const base = await this.deps.address.current();
    const saved = await this.deps.db.transaction(async (tx) => {
      const activity = await this.deps.activities.byId(activityId, tx);
      if (!activity) throw AppError.notFound(MSG.activityNotFound);
      const t = await this.deps.tokens.replace(
        tx,
        activityId,
        hashToken(token),
        defaultExpiry(activity.block),
      );
      await this.deps.outbox.add(tx, {
        type: EVENT_TYPES.providerTokenChanged,
        data: providerTokenEvent(t),
      });
      // R-AUDIT-ADMIN-CHANGES: the link's life, never the token or its hash.
      await recordAudit(tx, this.deps.outbox, 'catalog', {
        actor: currentActor(),
        action: AUDIT_ACTIONS.providerLinkGenerated,
        target: { type: 'activity', id: String(activityId) },
        changes: { expiresAt: { before: null, after: t.expiresAt } },
      });
      return t;
    });
    return {
      url: `${base}/provider/${activityId}?token=${token}`,
      revoked: false,
      expiresAt: saved.expiresAt,
      createdAt: saved.createdAt,
      state: 'active' as const,
    };
  }

  /** Permanent: a revoked link is only replaced by generating a new one. */
  async revoke(activityId: number) {
    return this.deps.db.transaction(async (tx) => {
      const t = await this.deps.tokens.revoke(tx, activityId);
      if (!t) throw AppError.notFound(MSG.noProviderLink);
      await recordAudit(tx, this.deps.outbox, 'catalog', {
        actor: currentActor(),
        action: AUDIT_ACTIONS.providerLinkRevoked,
        target: { type: 'activity', id: String(activityId) },
        changes: { revoked: { before: false, after: true } },
      });
      await this.deps.outbox.add(tx, {
        type: EVENT_TYPES.providerTokenChanged,
        data: providerTokenEvent(t),
      });
      return {
        revoked: true,
        expiresAt: t.expiresAt,
        createdAt: t.createdAt,
        lastUsedAt: t.lastUsedAt,
        state: 'revoked' as const,
      };
    });
  }
}
