import { PRIVACY_RPC_SUBJECTS, privacyReplySchema } from '@nsa/contracts';
import type { NatsConnection } from '@nsa/service-kit';
import type { PrivacyPeers } from '../../domain/privacy.js';

/** The other services' privacy parts, asked by request-reply on their privacy subjects. */
export function privacyPeers(nc: NatsConnection): PrivacyPeers {
  return {
    async ask(peer, request, timeoutMs) {
      const msg = await nc.request(PRIVACY_RPC_SUBJECTS[peer], JSON.stringify(request), {
        timeout: timeoutMs,
      });
      return privacyReplySchema.parse(msg.json());
    },
  };
}
