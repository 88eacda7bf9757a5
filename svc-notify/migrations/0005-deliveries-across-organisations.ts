import { openAcrossOrganisations, type Migration } from '@nsa/service-kit';

/**
 * R-ORG-JOBS: the deliveries are one queue, taken by the mail workers for every organisation
 * (as the outbox relay takes the outbox), so the workers' claim opens them across
 * organisations; each delivery is then sent and marked as its organisation's work.
 */
export const m0005DeliveriesAcrossOrganisations: Migration = {
  name: '0005-deliveries-across-organisations',
  async up(ctx) {
    await openAcrossOrganisations(ctx, ['deliveries']);
  },
};
