import { createHmac } from 'node:crypto';
import {
  ageInYears,
  AUDIT_ACTIONS,
  EVENT_TYPES,
  type ProviderLinkState,
  type ProviderLinkUsedEvent,
} from '@nsa/contracts';
import { AppError, recordAudit, type Outbox, type Transactor } from '@nsa/service-kit';
import type { ProviderAccessRepository } from '../data-access/provider-access.js';
import { MSG } from './messages.js';
import { sha256 } from './links.js';
import { sameHash } from './signup.js';

/**
 * R-PROVIDER-LINK: the link is the activity's current one, not revoked and not expired, as its
 * owner (svc-catalog) answers now (R-FRESH-PROVIDER-LINK): a link generated a moment ago works,
 * a revoked or replaced one is refused on the next request.
 */
export function linkGrants(
  state: ProviderLinkState | null,
  token: string,
  today: Date,
): state is ProviderLinkState {
  if (!state || state.link.revoked) return false;
  if (state.link.expiresAt && new Date(state.link.expiresAt).getTime() <= today.getTime())
    return false;
  return sameHash(sha256(token), state.link.tokenHash);
}

/** Who holds a provider link's answer from its owner (R-FRESH-PROVIDER-LINK). */
export interface ProviderLinkOwner {
  providerLink(activityId: number): Promise<ProviderLinkState | null>;
}

/**
 * R-ATTENDANCE-KEY: a child's key on a provider link. Opaque (an HMAC of the sign-up id under the
 * service's secret and the link's hash), the same on every look while the link lasts, and
 * another after the link is replaced, so it says nothing about the sign-up's id.
 */
export function participantKey(secret: string, tokenHash: string, registrationId: number): string {
  return createHmac('sha256', secret)
    .update(`attendance-key:${tokenHash}:${registrationId}`)
    .digest('base64url')
    .slice(0, 22);
}

export interface ParticipantsDeps {
  db: Transactor;
  outbox: Outbox;
  /** The link's access log and last use, and the approved children it shows. */
  access: ProviderAccessRepository;
  catalog: ProviderLinkOwner;
  /** The key of the children's keys on a link (R-ATTENDANCE-KEY). */
  keySecret: string;
  now?: () => Date;
}

/** The provider's link and the list it shows (R-PROVIDER-*). */
export class Participants {
  constructor(private readonly deps: ParticipantsDeps) {}

  /**
   * R-PROVIDER-LINK, R-FRESH-PROVIDER-LINK: the link judged as svc-catalog has it at this
   * request, for this activity only. Every granted look is recorded (time, activity, address;
   * never the token); a refused one answers 403 and is only counted in its hour
   * (R-PROVIDER-REFUSAL-TALLY), so requests without a working link store nothing of their own.
   */
  async admit(
    activityId: number,
    token: string,
    clientIp: string,
    today = new Date(),
  ): Promise<ProviderLinkState> {
    const { db, outbox, access, catalog } = this.deps;
    const state = await catalog.providerLink(activityId);
    if (!linkGrants(state, token, today)) {
      await access.countRefusal();
      throw AppError.forbidden(MSG.providerTokenInvalid);
    }
    await db.transaction(async (tx) => {
      await access.logLook(tx, { activityId, clientIp });
      // R-AUDIT-LINK-USE: each admitted look, with the access log row; never the token or address.
      await recordAudit(tx, outbox, 'registrations', {
        actor: { type: 'provider', id: String(activityId), name: null },
        action: AUDIT_ACTIONS.providerLinkUsed,
        target: { type: 'activity', id: String(activityId) },
      });
    });
    await this.recordUse(state);
    return state;
  }

  /**
   * The provider's list: approved children only, name and age, nothing else (R-PROVIDER-LIST),
   * each with its key (R-ATTENDANCE-KEY).
   */
  async list(activityId: number, token: string, clientIp: string) {
    const today = this.deps.now?.() ?? new Date();
    const state = await this.admit(activityId, token, clientIp, today);
    const { activity } = state;
    const rows = await this.deps.access.participants(activityId);
    const participants = rows.map((r) => ({
      childName: `${r.first} ${r.last}`,
      age: ageInYears(r.dob, today),
      key: participantKey(this.deps.keySecret, state.link.tokenHash, r.id),
    }));
    return {
      activity: {
        title: activity.title,
        school: activity.school.name,
        provider: activity.provider.name,
      },
      participantCount: participants.length,
      participants,
    };
  }

  /**
   * Keeps the link's last-used time here and tells svc-catalog, which shows it
   * to admins; at most once a minute per link, so a busy page adds no events.
   */
  private async recordUse(state: ProviderLinkState): Promise<void> {
    const { activityId, tokenHash, expiresAt } = state.link;
    await this.deps.db.transaction(async (tx) => {
      const at = await this.deps.access.markUsed(tx, { activityId, tokenHash, expiresAt });
      if (at) {
        await this.deps.outbox.add<ProviderLinkUsedEvent>(tx, {
          type: EVENT_TYPES.providerLinkUsed,
          data: { activityId, tokenHash, at: new Date(at).toISOString() },
        });
      }
    });
  }
}
