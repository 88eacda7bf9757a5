import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from './logger.js';

export const REVOCATIONS_BUCKET = 'session_revocations';

/**
 * Sessions issued before a user's revocation time are refused. svc-identity
 * writes the time when an admin is deleted or changes role; every service
 * watches the bucket, so the refusal reaches all of them within moments.
 */
export class Revocations {
  private readonly before = new Map<number, number>();
  private kv: KV | undefined;
  private watcher: { stop(): void } | undefined;

  isRevoked(uid: number, issuedAt: number): boolean {
    const t = this.before.get(uid);
    return t !== undefined && issuedAt <= t;
  }

  async start(nc: NatsConnection, logger: Logger): Promise<void> {
    this.kv = await new Kvm(nc).create(REVOCATIONS_BUCKET, {
      history: 1,
      ttl: 31 * 24 * 3600 * 1000,
    });
    const iter = await this.kv.watch({ key: 'user.*' });
    this.watcher = iter;
    void (async () => {
      for await (const entry of iter) {
        const uid = Number(entry.key.slice('user.'.length));
        if (entry.operation !== 'PUT') {
          this.before.delete(uid);
          continue;
        }
        const at = Number(entry.string());
        if (Number.isFinite(uid) && Number.isFinite(at)) this.before.set(uid, at);
      }
    })().catch((err: Error) => logger.error({ err: err.message }, 'revocation watch ended'));
  }

  /** Refuses every session of `uid` issued up to now. */
  async revoke(uid: number, at = Date.now()): Promise<void> {
    if (!this.kv) throw new Error('revocations not started');
    this.before.set(uid, at);
    await this.kv.put(`user.${uid}`, String(at));
  }

  stop(): void {
    this.watcher?.stop();
  }
}
