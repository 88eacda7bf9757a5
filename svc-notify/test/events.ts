import { randomUUID } from 'node:crypto';
import { sealLink as seal } from '@nsa/service-kit';
import { jetstream } from '@nats-io/jetstream';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import {
  NATS_HEADERS,
  type Lang,
  type RegistrationNotification,
  type RegistrationStatus,
  type StaffLang,
  type WithdrawReason,
} from '@nsa/contracts';

export const LINK_SEAL_SECRET = 'link-seal-secret-for-notify-tests-0123456789';

export const notification = (
  overrides: Partial<RegistrationNotification> = {},
): RegistrationNotification => ({
  to: 'ouder@example.nl',
  parentName: 'Petra Jansen',
  childName: 'Emma Jansen',
  activityTitle: 'Schaken',
  schoolName: 'De Regenboog',
  providerName: 'Denksport BV',
  blockName: 'Blok 2',
  weekday: 3,
  startTime: '15:15',
  weekStart: 10,
  weekEnd: 12,
  reason: null,
  ...overrides,
});

/**
 * Publishes an event the way a producer's relay does; `msgId` may differ to get past the
 * stream's dedupe. With `organisationId` the event is that organisation's work (R-ORG-EVENTS).
 */
export async function publish(
  nc: NatsConnection,
  type: string,
  data: unknown,
  opts: { id?: string; msgId?: string; organisationId?: number } = {},
) {
  const id = opts.id ?? randomUUID();
  const headers = natsHeaders();
  if (opts.organisationId !== undefined)
    headers.set(NATS_HEADERS.organisationId, String(opts.organisationId));
  await jetstream(nc).publish(
    type,
    JSON.stringify({ id, type, version: 1, occurredAt: new Date().toISOString(), data }),
    {
      msgID: opts.msgId ?? id,
      headers,
    },
  );
  return id;
}

export async function registrationEvent(
  nc: NatsConnection,
  status: 'approved' | 'rejected',
  n: RegistrationNotification,
  language: Lang,
  opts: { id?: string; msgId?: string; registrationId?: number; organisationId?: number } = {},
) {
  return publish(
    nc,
    `registrations.registration.${status}`,
    {
      registrationId: opts.registrationId ?? 7,
      activityId: 3,
      status,
      previousStatus: 'new',
      sendEmail: true,
      language,
      notification: n,
    },
    opts,
  );
}

export async function linkEvent(
  nc: NatsConnection,
  kind: 'admin.created' | 'password-reset.requested',
  to: { email: string; name: string },
  language: StaffLang,
  link: string,
  ttlSec: number,
  opts: { organisationId?: number } = {},
) {
  const sealedLink = seal(link, LINK_SEAL_SECRET, ttlSec * 1000);
  return publish(
    nc,
    `identity.${kind}`,
    {
      userId: 4,
      email: to.email,
      name: to.name,
      language,
      sealedLink,
      expiresAt: new Date(Date.now() + ttlSec * 1000).toISOString(),
    },
    opts,
  );
}

/** The parent's own link as svc-registrations seals it into its events (R-EMAIL-WAITLIST). */
export async function sealLink(link: string, ttlSec = 14 * 24 * 3600): Promise<string> {
  return seal(link, LINK_SEAL_SECRET, ttlSec * 1000);
}

/** Any registrations.registration.* event, as svc-registrations writes it. */
export async function registrationChange(
  nc: NatsConnection,
  type: 'created' | 'approved' | 'rejected' | 'offered' | 'withdrawn',
  e: {
    status: RegistrationStatus;
    previousStatus?: RegistrationStatus | null;
    withdrawReason?: WithdrawReason;
    sendEmail?: boolean;
    registrationId?: number;
  },
  n: RegistrationNotification | undefined,
  language: Lang,
) {
  return publish(nc, `registrations.registration.${type}`, {
    registrationId: e.registrationId ?? 7,
    activityId: 3,
    status: e.status,
    previousStatus: e.previousStatus ?? null,
    sendEmail: e.sendEmail ?? true,
    language,
    ...(n ? { notification: n } : {}),
    ...(e.withdrawReason ? { withdrawReason: e.withdrawReason } : {}),
  });
}

/** registrations.registration.erased: only ids travel. */
export async function erasedEvent(nc: NatsConnection, registrationId: number) {
  return publish(nc, 'registrations.registration.erased', { registrationId, activityId: 3 });
}
