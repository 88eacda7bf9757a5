import { serviceTestEnv } from '@nsa/service-kit/testing';
import { LINK_SEAL_SECRET } from './events.js';
import type { TestSmtp } from './smtp.js';

/**
 * svc-notify's environment for a test that reads its emails from `smtp`: the organisation's
 * name and address in them, links sealed with the tests' secret, and retries fast (R-EMAIL-RETRY)
 * so a refused email comes round again within seconds; `extra` over it.
 */
export function notifyEnv(
  infra: { adminUrl: string; natsUrl: string },
  smtp: TestSmtp,
  extra: Record<string, string> = {},
) {
  return serviceTestEnv(infra, 'notify', {
    SMTP_URL: smtp.url(),
    LINK_SEAL_SECRET,
    ORG_NAME: 'Welzijn Test',
    ORG_CONTACT_EMAIL: 'info@welzijn.test',
    MAIL_RETRY_BASE_MS: '200',
    MAIL_RETRY_MAX_MS: '2000',
    CONSUMER_ACK_WAIT_MS: '2000',
    ...extra,
  });
}
