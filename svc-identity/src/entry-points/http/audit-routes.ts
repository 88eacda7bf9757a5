import { Router, type Express } from 'express';
import { auditListQuerySchema } from '@nsa/contracts';
import { parseOrThrow, requireRole } from '@nsa/service-kit';
import type { AuditLog } from '../../domain/audit-log.js';

/**
 * R-AUDIT-LIST: `GET /api/admin/audit`, admins only, newest first. The log is read here and
 * nowhere changed: this router has no other method or path (R-AUDIT-APPEND-ONLY), so any other
 * call answers 404.
 */
export function mountAuditRoutes(app: Express, audit: AuditLog): void {
  const router = Router();
  router.use(requireRole('admin'));
  router.get('/', async (req, res) => {
    const query = parseOrThrow(auditListQuerySchema, req.query);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await audit.list(query));
  });
  app.use('/api/admin/audit', router);
}
