// Every message between the services has its schema in message-schemas.ts, which `npm run
// compat` compares with the last release's: a new event type or request subject without an
// entry there fails here.
import { describe, expect, it } from 'vitest';
import {
  AUDIT_EVENT_TYPES,
  EVENT_DATA_SCHEMAS,
  EVENT_TYPES,
  PLATFORM_RPC_SUBJECTS,
  PRIVACY_RPC_SUBJECTS,
  RPC_SCHEMAS,
  RPC_SUBJECTS,
  NATS_USES,
} from '../src/index.js';

describe('message schemas', () => {
  it('every event type has the schema of its data', () => {
    const types = [...Object.values(EVENT_TYPES), ...Object.values(AUDIT_EVENT_TYPES)];
    expect(Object.keys(EVENT_DATA_SCHEMAS).sort()).toEqual([...new Set(types)].sort());
  });

  it('every request subject has its question and answer', () => {
    const subjects = [
      ...Object.values(RPC_SUBJECTS),
      ...Object.values(PRIVACY_RPC_SUBJECTS),
      ...Object.values(PLATFORM_RPC_SUBJECTS.counts),
      ...Object.values(PLATFORM_RPC_SUBJECTS.erase),
    ];
    expect(Object.keys(RPC_SCHEMAS).sort()).toEqual(subjects.sort());
    const used = Object.values(NATS_USES).flatMap((u) => [...u.asks, ...u.answers]);
    for (const subject of used) expect(RPC_SCHEMAS).toHaveProperty([subject]);
  });
});
