import { Router, type Express } from 'express';
import { requireRole, type ServiceContext } from '@nsa/service-kit';
import { listSchools } from '../../data-access/schools.js';

export function mountRoutes(app: Express, ctx: ServiceContext): void {
  const schools = Router();
  // The list holds every school's access token: admins only.
  schools.get('/', requireRole('admin'), async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await listSchools(ctx.sequelize));
  });
  app.use('/api/schools', schools);
}
