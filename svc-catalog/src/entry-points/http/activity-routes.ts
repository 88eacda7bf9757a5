import { Router, type Express, type Response } from 'express';
import { activitySchema } from '@nsa/contracts';
import { AppError, parseOrThrow, requireRole, idParam, optionalIdQuery } from '@nsa/service-kit';
import type { Catalog } from '../../domain/catalog.js';
import type { FreshViews } from '../../domain/fresh-views.js';
import { MSG } from '../../domain/messages.js';
import type { ProviderLinks } from '../../domain/provider-links.js';
import { toView } from '../../domain/views.js';
import { sameToken } from '../../domain/tokens.js';

const admin = requireRole('admin');

/**
 * R-FRESH-LISTS: names the parts of an answer shown from the projection because their owner
 * (svc-registrations) did not answer in time: `counts`, `draws`. Absent when nothing may lag.
 */
export const LAGGING_HEADER = 'X-May-Lag';

/** Activities as the API shows them, with their counts and draws as their owner has them now. */
async function freshViews(
  res: Response,
  fresh: FreshViews,
  records: Parameters<FreshViews['activities']>[0],
) {
  const { items, lagging } = await fresh.activities(records);
  if (lagging.length > 0) res.setHeader(LAGGING_HEADER, lagging.join(', '));
  return items.map(toView);
}

export function mountActivityRoutes(
  app: Express,
  catalog: Catalog,
  links: ProviderLinks,
  fresh: FreshViews,
): void {
  const activities = Router();

  /**
   * The public list. Without an admin session the caller proves it holds the
   * school's link with X-School-Token; hidden activities are never listed.
   */
  activities.get('/', async (req, res) => {
    const schoolId = optionalIdQuery(req, 'schoolId');
    const blockId = optionalIdQuery(req, 'blockId');
    if (req.sessionUser?.role !== 'admin') {
      const token = req.headers['x-school-token'];
      // A cookie that could not be checked just now is not taken for "no session".
      if (typeof token !== 'string' && req.sessionError) throw req.sessionError;
      if (schoolId === undefined) throw AppError.forbidden(MSG.schoolTokenRequired);
      const school = await catalog.school(schoolId);
      if (!school || typeof token !== 'string' || !sameToken(token, school.accessToken)) {
        throw AppError.forbidden(MSG.schoolTokenRequired);
      }
    }
    const rows = await catalog.findActivities({ schoolId, blockId, includeHidden: false });
    res.setHeader('Cache-Control', 'no-store');
    res.json(await freshViews(res, fresh, rows));
  });
  activities.post('/', admin, async (req, res) => {
    const activity = await catalog.createActivity(parseOrThrow(activitySchema, req.body));
    res.status(201).json((await freshViews(res, fresh, [activity]))[0]);
  });
  activities.put('/:id', admin, async (req, res) => {
    const id = idParam(req);
    const activity = await catalog.updateActivity(id, parseOrThrow(activitySchema, req.body));
    res.json((await freshViews(res, fresh, [activity]))[0]);
  });
  activities.delete('/:id', admin, async (req, res) => {
    await catalog.deleteActivity(idParam(req));
    res.json({ success: true });
  });
  app.use('/api/activities', activities);

  const adminActivities = Router();
  adminActivities.use(admin);
  adminActivities.get('/', async (req, res) => {
    const rows = await catalog.findActivities({
      schoolId: optionalIdQuery(req, 'schoolId'),
      blockId: optionalIdQuery(req, 'blockId'),
      includeHidden: true,
    });
    res.setHeader('Cache-Control', 'no-store');
    res.json(await freshViews(res, fresh, rows));
  });
  adminActivities.get('/:id/provider-token', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await links.status(idParam(req)));
  });
  adminActivities.post('/:id/provider-token/generate', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await links.generate(idParam(req)));
  });
  adminActivities.post('/:id/provider-token/revoke', async (req, res) => {
    res.json(await links.revoke(idParam(req)));
  });
  app.use('/api/admin/activities', adminActivities);
}
