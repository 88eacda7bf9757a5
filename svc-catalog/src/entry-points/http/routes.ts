import { Router, type Express, type Response } from 'express';
import { SCHOOL_TOKEN_PATTERN, blockSchema, providerSchema, schoolSchema } from '@nsa/contracts';
import {
  AppError,
  parseOrThrow,
  requireRole,
  idParam,
  optionalIdQuery,
  type PublicAddress,
} from '@nsa/service-kit';
import type { Catalog } from '../../domain/catalog.js';
import type { FreshViews } from '../../domain/fresh-views.js';
import { MSG } from '../../domain/messages.js';
import { qrDataUrl, qrPng } from '../../domain/qr.js';
import { LAGGING_HEADER } from './activity-routes.js';

const admin = requireRole('admin');

/** `address`: where the request's organisation's pages are, for its schools' links (R-ORG-LINKS). */
export function mountCatalogRoutes(
  app: Express,
  catalog: Catalog,
  fresh: FreshViews,
  address: Pick<PublicAddress, 'current'>,
): void {
  const schoolUrl = async (token: string) => `${await address.current()}/schools/${token}`;

  const schools = Router();
  // The list holds every school's access token: admins only.
  schools.get('/', admin, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await catalog.listSchools());
  });
  schools.get('/by-token/:token', async (req, res) => {
    const token = String(req.params.token);
    const school = SCHOOL_TOKEN_PATTERN.test(token)
      ? await catalog.schoolByToken(token)
      : undefined;
    if (!school) throw AppError.notFound(MSG.schoolNotFound);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ id: school.id, name: school.name });
  });
  schools.post('/', admin, async (req, res) => {
    const { name } = parseOrThrow(schoolSchema, req.body);
    res.status(201).json(await catalog.createSchool(name));
  });
  schools.put('/:id', admin, async (req, res) => {
    const id = idParam(req);
    const { name } = parseOrThrow(schoolSchema, req.body);
    res.json(await catalog.updateSchool(id, name));
  });
  schools.delete('/:id', admin, async (req, res) => {
    await catalog.deleteSchool(idParam(req));
    res.json({ success: true });
  });
  app.use('/api/schools', schools);

  app.get('/api/admin/schools/:id/qrcode', admin, async (req, res) => {
    const school = await catalog.school(idParam(req));
    if (!school) throw AppError.notFound(MSG.schoolNotFound);
    const url = await schoolUrl(school.accessToken);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ schoolName: school.name, qrCodeDataUrl: await qrDataUrl(url), url });
  });

  // R-SCHOOL-ROTATE: a new secret link; the old one is refused from the answer on.
  app.post('/api/admin/schools/:id/rotate-token', admin, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await catalog.rotateSchoolToken(idParam(req)));
  });

  /** R-FRESH-LISTS: blocks with their draws as svc-registrations has them now. */
  const freshBlocks = async (res: Response, rows: Parameters<FreshViews['blocks']>[0]) => {
    const { items, lagging } = await fresh.blocks(rows);
    if (lagging.length > 0) res.setHeader(LAGGING_HEADER, lagging.join(', '));
    return items;
  };

  const blocks = Router();
  blocks.get('/', async (_req, res) => {
    const rows = await freshBlocks(res, await catalog.listBlocks());
    res.json(rows.map((b) => ({ ...b, weeks: b.weekEnd - b.weekStart + 1 })));
  });
  blocks.post('/', admin, async (req, res) => {
    const block = await catalog.createBlock(parseOrThrow(blockSchema, req.body));
    res.status(201).json((await freshBlocks(res, [block]))[0]);
  });
  blocks.put('/:id', admin, async (req, res) => {
    const id = idParam(req);
    const block = await catalog.updateBlock(id, parseOrThrow(blockSchema, req.body));
    res.json((await freshBlocks(res, [block]))[0]);
  });
  blocks.delete('/:id', admin, async (req, res) => {
    await catalog.deleteBlock(idParam(req));
    res.json({ success: true });
  });
  app.use('/api/blocks', blocks);

  /**
   * A block's QR code. With `schoolId` it opens that school's page with the
   * block preselected (what a school hangs up); without, the landing page.
   */
  app.get('/api/qr/block/:id', admin, async (req, res) => {
    const block = await catalog.block(idParam(req));
    if (!block) throw AppError.notFound(MSG.blockNotFound);
    const schoolId = optionalIdQuery(req, 'schoolId');
    let target = `${await address.current()}/`;
    if (schoolId !== undefined) {
      const school = await catalog.school(schoolId);
      if (!school) throw AppError.notFound(MSG.schoolNotFound);
      target = `${await schoolUrl(school.accessToken)}?blockId=${block.id}`;
    }
    res.setHeader('Content-Type', 'image/png');
    res.setHeader('Content-Disposition', `attachment; filename="block-${block.id}-qr.png"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(await qrPng(target));
  });

  const providers = Router();
  providers.get('/', async (_req, res) => {
    res.json(await catalog.listProviders());
  });
  providers.post('/', admin, async (req, res) => {
    res.status(201).json(await catalog.createProvider(parseOrThrow(providerSchema, req.body)));
  });
  providers.put('/:id', admin, async (req, res) => {
    const id = idParam(req);
    res.json(await catalog.updateProvider(id, parseOrThrow(providerSchema, req.body)));
  });
  providers.delete('/:id', admin, async (req, res) => {
    await catalog.deleteProvider(idParam(req));
    res.json({ success: true });
  });
  app.use('/api/providers', providers);
}
