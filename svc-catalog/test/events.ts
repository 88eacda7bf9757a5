// Events as another service's outbox relay publishes them, sent by the test feed.
import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { testFeed } from '@nsa/service-kit/testing';

export async function publishEvent(natsUrl: string, type: string, data: unknown): Promise<void> {
  const id = randomUUID();
  await jetstream(await testFeed(natsUrl)).publish(
    type,
    JSON.stringify({ id, type, version: 1, occurredAt: new Date().toISOString(), data }),
    { msgID: id },
  );
}
