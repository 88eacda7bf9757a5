import { describe, expect, it } from 'vitest';
import { NATS_USES, RPC_SUBJECTS, STREAMS, natsPermissionsOf, type NatsUse } from '../src/index.js';

describe('NATS permissions of a service without a stream of its own (R-NATS-USERS)', () => {
  const use: NatsUse = { consumers: [], asks: [RPC_SUBJECTS.sessions], answers: [], erases: false };
  const p = natsPermissionsOf('example', use);

  it('publishes no events and touches no stream, but asks and receives its answers', () => {
    expect(p.publish.allow).toEqual([RPC_SUBJECTS.sessions, '$JS.API.INFO']);
    expect(p.subscribe.allow).toEqual(['_INBOX_example.>']);
  });

  it('still creates and reads the streams it consumes from, and only those', () => {
    const reader = natsPermissionsOf('example', {
      ...use,
      consumers: [{ stream: 'CATALOG', durable: 'example' }],
    });
    expect(reader.publish.allow).toContain('$JS.API.STREAM.CREATE.CATALOG');
    expect(reader.publish.allow).toContain('$JS.API.CONSUMER.MSG.NEXT.CATALOG.example');
    expect(reader.publish.allow.filter((a) => a.startsWith('$JS.API.STREAM.'))).toEqual([
      '$JS.API.STREAM.CREATE.CATALOG',
    ]);
    expect(reader.publish.allow).not.toContain('catalog.>');
  });

  it('gives a service with a stream its own subjects and stream API, as before', () => {
    const catalog = natsPermissionsOf('catalog', NATS_USES.catalog);
    expect(catalog.publish.allow).toEqual(
      expect.arrayContaining([...STREAMS.CATALOG.subjects, '$JS.API.STREAM.UPDATE.CATALOG']),
    );
  });
});
