import type { Migration } from '@nsa/service-kit';

/**
 * R-RESET-LIMIT: password reset requests of the last hour, to send at most 3 emails per address
 * per hour and take a bounded number of requests from one client. The email is kept as a keyed
 * hash and the client address as nginx saw it; a row older than an hour is deleted by the next
 * request, so the table never holds more than an hour.
 */
export const m0006ResetRequests: Migration = {
  name: '0006-reset-requests',
  async up({ sql }) {
    await sql(`CREATE TABLE reset_requests (
      id bigserial PRIMARY KEY,
      email_hash char(64) NOT NULL,
      client_ip text NOT NULL,
      sent boolean NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`);
    await sql('CREATE INDEX reset_requests_email ON reset_requests (email_hash, at)');
    await sql('CREATE INDEX reset_requests_ip ON reset_requests (client_ip, at)');
    await sql('CREATE INDEX reset_requests_at ON reset_requests (at)');
  },
};
