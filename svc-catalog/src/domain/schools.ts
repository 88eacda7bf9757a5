import { createHash, randomBytes } from 'node:crypto';
import { EVENT_TYPES, type SchoolEvent } from '@nsa/contracts';
import type { ServiceContext } from '@nsa/service-kit';
import { insertSchool, type School } from '../data-access/schools.js';

/** 32 lowercase hex characters from a CSPRNG: the school's permanent link token. */
export function newAccessToken(): string {
  return randomBytes(16).toString('hex');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a school and, in the same transaction, the event other services project. */
export async function createSchool(
  ctx: ServiceContext,
  input: { name: string },
  requestId?: string,
): Promise<School> {
  return ctx.sequelize.transaction(async (tx) => {
    const school = await insertSchool(ctx.sequelize, tx, {
      name: input.name,
      accessToken: newAccessToken(),
    });
    await ctx.outbox.add<SchoolEvent>(tx, {
      type: EVENT_TYPES.schoolCreated,
      data: { id: school.id, name: school.name, accessTokenHash: hashToken(school.accessToken) },
      requestId,
    });
    return school;
  });
}
