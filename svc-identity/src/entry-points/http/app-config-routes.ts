import type { Express } from 'express';
import type { AppConfig } from '@nsa/contracts';
import { AppError, currentOrganisation } from '@nsa/service-kit';

/**
 * R-ORG-PAGES: `GET /api/app-config`, public: what the public pages say about the organisation
 * whose host they are on. `deployment`: organisation 1's, as the deployment gives it (ORG_*,
 * as the gateway's `/app-config.json` says it too); `further`: another organisation's own.
 */
export function mountAppConfigRoutes(
  app: Express,
  deployment: AppConfig['organisation'],
  further: (id: number) => Promise<AppConfig['organisation'] | undefined>,
): void {
  app.get('/api/app-config', async (_req, res) => {
    const id = currentOrganisation() ?? 1;
    const organisation = id === 1 ? deployment : await further(id);
    if (!organisation) throw new AppError('SERVICE_UNAVAILABLE', 503);
    // Changed settings reach the pages at their next load.
    res.setHeader('Cache-Control', 'no-cache');
    res.json({ organisation } satisfies AppConfig);
  });
}
