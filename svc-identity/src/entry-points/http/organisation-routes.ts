import { Router, type Express } from 'express';
import { organisationSettingsSchema, type AppConfig } from '@nsa/contracts';
import { parseOrThrow, requireRole } from '@nsa/service-kit';
import type { OrganisationSettingsPage } from '../../domain/organisation-settings.js';

/**
 * The organisation of the request's host: `GET /api/app-config`, public, what its public pages
 * say about it (R-ORG-PAGES); `GET` and `PUT /api/settings/organisation`, its administrators' own
 * settings page (R-ORG-SETTINGS).
 */
export function mountOrganisationRoutes(app: Express, settings: OrganisationSettingsPage): void {
  app.get('/api/app-config', async (_req, res) => {
    const organisation = await settings.publicSettings();
    // Changed settings reach the pages at their next load.
    res.setHeader('Cache-Control', 'no-cache');
    res.json({ organisation } satisfies AppConfig);
  });

  const admin = Router();
  admin.use(requireRole('admin'));
  admin.get('/', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await settings.view());
  });
  admin.put('/', async (req, res) => {
    const input = parseOrThrow(organisationSettingsSchema, req.body);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await settings.update(input));
  });
  app.use('/api/settings/organisation', admin);
}
