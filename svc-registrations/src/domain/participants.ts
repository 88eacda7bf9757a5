import { createHmac } from 'node:crypto';
import {
  ageInYears,
  AUDIT_ACTIONS,
  EVENT_TYPES,
  type ProviderLinkState,
  type ProviderLinkUsedEvent,
} from '@nsa/contracts';
import { AppError, QueryTypes, recordAudit, type ServiceContext } from '@nsa/service-kit';
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
 * R-PROVIDER-LINK, R-FRESH-PROVIDER-LINK: the link judged as svc-catalog has it at this request,
 * for this activity only. Every look is recorded (time, activity, address; never the token); a
 * refused one answers 403.
 */
export async function admitProviderLink(
  ctx: ServiceContext,
  catalog: ProviderLinkOwner,
  activityId: number,
  token: string,
  clientIp: string,
  today = new Date(),
): Promise<ProviderLinkState> {
  const state = await catalog.providerLink(activityId);
  const valid = linkGrants(state, token, today);
  await ctx.sequelize.transaction(async (transaction) => {
    await ctx.sequelize.query(
      'INSERT INTO provider_access (activity_id, client_ip, granted) VALUES (:activityId, :clientIp, :valid)',
      { replacements: { activityId, clientIp, valid }, transaction },
    );
    // R-AUDIT-LINK-USE: each admitted look, with the access log row; never the token or address.
    if (valid)
      await recordAudit(transaction, ctx.outbox, 'registrations', {
        actor: { type: 'provider', id: String(activityId), name: null },
        action: AUDIT_ACTIONS.providerLinkUsed,
        target: { type: 'activity', id: String(activityId) },
      });
  });
  if (!valid) throw AppError.forbidden(MSG.providerTokenInvalid);
  await recordUse(ctx, state);
  return state;
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

/**
 * The provider's list: approved children only, name and age, nothing else (R-PROVIDER-LIST),
 * each with its key (R-ATTENDANCE-KEY).
 */
export async function participantsFor(
  ctx: ServiceContext,
  catalog: ProviderLinkOwner,
  keySecret: string,
  activityId: number,
  token: string,
  clientIp: string,
  today = new Date(),
) {
  const state = await admitProviderLink(ctx, catalog, activityId, token, clientIp, today);
  const { activity } = state;
  const rows = await ctx.sequelize.query<{
    id: number;
    first: string;
    last: string;
    dob: string | null;
  }>(
    `SELECT id, child_first_name AS first, child_last_name AS last, to_char(child_date_of_birth, 'YYYY-MM-DD') AS dob
     FROM registrations WHERE activity_id = :activityId AND status = 'approved'
     ORDER BY child_last_name, child_first_name, id`,
    { replacements: { activityId }, type: QueryTypes.SELECT },
  );
  const participants = rows.map((r) => ({
    childName: `${r.first} ${r.last}`,
    age: ageInYears(r.dob, today),
    key: participantKey(keySecret, state.link.tokenHash, r.id),
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
async function recordUse(ctx: ServiceContext, state: ProviderLinkState): Promise<void> {
  const { activityId, tokenHash, expiresAt } = state.link;
  await ctx.sequelize.transaction(async (tx) => {
    const rows = await ctx.sequelize.query<{ at: Date }>(
      `INSERT INTO provider_tokens (activity_id, token_hash, expires_at, revoked, last_used_at)
       VALUES (:activityId, :tokenHash, :expiresAt, false, now())
       ON CONFLICT (activity_id) DO UPDATE SET token_hash = EXCLUDED.token_hash,
         expires_at = EXCLUDED.expires_at, revoked = false, last_used_at = now()
       WHERE provider_tokens.token_hash <> EXCLUDED.token_hash
         OR provider_tokens.last_used_at IS NULL
         OR provider_tokens.last_used_at < now() - interval '1 minute'
       RETURNING last_used_at AS at`,
      {
        replacements: { activityId, tokenHash, expiresAt },
        type: QueryTypes.SELECT,
        transaction: tx,
      },
    );
    if (rows[0]) {
      await ctx.outbox.add<ProviderLinkUsedEvent>(tx, {
        type: EVENT_TYPES.providerLinkUsed,
        data: { activityId, tokenHash, at: new Date(rows[0].at).toISOString() },
      });
    }
  });
}
