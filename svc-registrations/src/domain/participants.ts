import { timingSafeEqual } from 'node:crypto';
import { ageInYears, EVENT_TYPES, type ProviderLinkUsedEvent } from '@nsa/contracts';
import { AppError, QueryTypes, type ServiceContext } from '@nsa/service-kit';
import { findActivity } from '../data-access/activities.js';
import { MSG } from './messages.js';
import { sha256 } from './signup.js';

interface TokenRow {
  tokenHash: string;
  expiresAt: Date | null;
  revoked: boolean;
}

/**
 * The provider's list: approved children only, name and age, nothing else.
 * Every look is recorded (time, activity, address; never the token).
 */
export async function participantsFor(
  ctx: ServiceContext,
  activityId: number,
  token: string,
  clientIp: string,
  today = new Date(),
) {
  const db = ctx.sequelize;
  const [t] = await db.query<TokenRow>(
    `SELECT token_hash AS "tokenHash", expires_at AS "expiresAt", revoked FROM provider_tokens WHERE activity_id = :activityId`,
    { replacements: { activityId }, type: QueryTypes.SELECT },
  );
  const given = Buffer.from(sha256(token));
  const valid =
    t !== undefined &&
    !t.revoked &&
    (t.expiresAt === null || new Date(t.expiresAt).getTime() > today.getTime()) &&
    timingSafeEqual(given, Buffer.from(t.tokenHash));
  await db.query(
    'INSERT INTO provider_access (activity_id, client_ip, granted) VALUES (:activityId, :clientIp, :valid)',
    {
      replacements: { activityId, clientIp, valid },
    },
  );
  const activity = valid ? await findActivity(db, activityId) : undefined;
  if (!valid || !activity || activity.deleted) throw AppError.forbidden(MSG.providerTokenInvalid);
  await recordUse(ctx, activityId, t.tokenHash);
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
      school: activity.schoolName,
      provider: activity.providerName,
    },
    participantCount: participants.length,
    participants,
  };
}

/**
 * Keeps the link's last-used time here and tells svc-catalog, which shows it
 * to admins; at most once a minute per link, so a busy page adds no events.
 */
async function recordUse(
  ctx: ServiceContext,
  activityId: number,
  tokenHash: string,
): Promise<void> {
  await ctx.sequelize.transaction(async (tx) => {
    const rows = await ctx.sequelize.query<{ at: Date }>(
      `UPDATE provider_tokens SET last_used_at = now()
       WHERE activity_id = :activityId AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')
       RETURNING last_used_at AS at`,
      { replacements: { activityId }, type: QueryTypes.SELECT, transaction: tx },
    );
    if (rows[0]) {
      await ctx.outbox.add<ProviderLinkUsedEvent>(tx, {
        type: EVENT_TYPES.providerLinkUsed,
        data: { activityId, tokenHash, at: new Date(rows[0].at).toISOString() },
      });
    }
  });
}
