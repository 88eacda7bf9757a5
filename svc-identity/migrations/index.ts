import type { Migration } from '@nsa/service-kit';
import { m0001Users } from './0001-users.js';
import { m0002Auth } from './0002-auth.js';
import { m0003Sessions } from './0003-sessions.js';
import { m0004Audit } from './0004-audit.js';
import { m0005Retention } from './0005-retention.js';
import { m0006ResetRequests } from './0006-reset-requests.js';
import { m0007Totp } from './0007-totp.js';
import { m0008LoginTallies } from './0008-login-tallies.js';
import { m0009AuditStore } from './0009-audit-store.js';
import { m0010Organisations } from './0010-organisations.js';
import { m0011PerOrganisation } from './0011-per-organisation.js';
import { m0012EmailPerOrganisation } from './0012-email-per-organisation.js';
import { m0013Platform } from './0013-platform.js';
import { m0014OrganisationSender } from './0014-organisation-sender.js';
import { m0015PlatformAudit } from './0015-platform-audit.js';
import { m0016OrganisationKeys } from './0016-organisation-keys.js';

export const migrations: Migration[] = [
  m0001Users,
  m0002Auth,
  m0003Sessions,
  m0004Audit,
  m0005Retention,
  m0006ResetRequests,
  m0007Totp,
  m0008LoginTallies,
  m0009AuditStore,
  m0010Organisations,
  m0011PerOrganisation,
  m0012EmailPerOrganisation,
  m0013Platform,
  m0014OrganisationSender,
  m0015PlatformAudit,
  m0016OrganisationKeys,
];
