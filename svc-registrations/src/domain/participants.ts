import {
  ageInYears,
  EVENT_TYPES,
  type ProviderLinkState,
  type ProviderLinkUsedEvent,
} from '@nsa/contracts';
import { AppError, QueryTypes, type ServiceContext } from '@nsa/service-kit';
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

/**
 * The provider's list: approved children only, name and age, nothing else (R-PROVIDER-LIST).
 * Every look is recorded (time, activity, address; never the token).
 */
export async function participantsFor(
  ctx: ServiceContext,
  catalog: { providerLink(activityId: number): Promise<ProviderLinkState | null> },
  activityId: number,
  token: string,
  clientIp: string,
  today = new Date(),
) {
  const db = ctx.sequelize;
  const state = await catalog.providerLink(activityId);
  const valid = linkGrants(state, token, today);
  await db.query(
    'INSERT INTO provider_access (activity_id, client_ip, granted) VALUES (:activityId, :clientIp, :valid)',
    {
      replacements: { activityId, clientIp, valid },
    },
  );
  if (!valid) throw AppError.forbidden(MSG.providerTokenInvalid);
  const { activity } = state;
  await recordUse(ctx, state);
  const rows = await db.query<{ first: string; last: string; dob: string | null }>(
    `SELECT child_first_name AS first, child_last_name AS last, to_char(child_date_of_birth, 'YYYY-MM-DD') AS dob
     FROM registrations WHERE activity_id = :activityId AND status = 'approved'
     ORDER BY child_last_name, child_first_name, id`,
    { replacements: { activityId }, type: QueryTypes.SELECT },
  );
  const participants = rows.map((r) => ({
    childName: `${r.first} ${r.last}`,
    age: ageInYears(r.dob, today),
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
