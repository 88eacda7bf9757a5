import { setTimeout as sleep } from 'node:timers/promises';
import {
  AUDIT_ACTIONS,
  ORGANISATION_ANSWER_REUSE_MS,
  type AppConfig,
  type OrganisationSettings,
  type OrganisationSettingsInput,
} from '@nsa/contracts';
import {
  AppError,
  auditChanges,
  currentActor,
  currentOrganisation,
  recordAudit,
  type Outbox,
  type Transactor,
} from '@nsa/service-kit';
import type { OrganisationRepository } from '../data-access/organisations.js';
import { MSG } from './messages.js';

const FIELDS = [
  'name',
  'contactEmail',
  'website',
  'privacyUrl',
  'mailFromName',
  'languages',
  'retentionMonths',
  'adminTwoStepRequired',
] as const;

export interface OrganisationSettingsDeps {
  db: Transactor;
  outbox: Outbox;
  organisations: OrganisationRepository;
  /**
   * Organisation 1's settings and address, as the deployment gives them (ORG_*, PUBLIC_BASE_URL,
   * RETENTION_MONTHS, ADMIN_2FA_REQUIRED; every language, emails under MAIL_FROM's name).
   */
  deployment: Omit<OrganisationSettings['organisation'], 'hosts'>;
}

/**
 * R-ORG-SETTINGS: an organisation's administrators see and change its name, contact address,
 * website and privacy statement, which its public pages (R-ORG-PAGES) and emails (R-ORG-EMAILS)
 * show from the next request on; the name its emails are sent under, the languages its public
 * pages offer (R-ORG-LANGUAGES), its sign-ups' retention months and its two-step rule. Organisation 1's are the deployment's own settings: shown, and
 * changed there, not here. Its public address and host names are shown, never changed here.
 */
export class OrganisationSettingsPage {
  constructor(private readonly deps: OrganisationSettingsDeps) {}

  /** What public pages show about the work's organisation (`GET /api/app-config`). */
  async publicSettings(): Promise<AppConfig['organisation']> {
    const { name, contactEmail, website, privacyUrl, languages } = (await this.view()).organisation;
    return { name, contactEmail, website, privacyUrl, languages };
  }

  async view(): Promise<OrganisationSettings> {
    const id = currentOrganisation() ?? 1;
    if (id === 1) return { organisation: { ...this.deps.deployment, hosts: [] }, editable: false };
    const own = await this.deps.organisations.settings(id);
    if (!own) throw new AppError('SERVICE_UNAVAILABLE', 503);
    return { organisation: own, editable: true };
  }

  /** Changes them, audited; 409 for organisation 1, whose settings are the deployment's. */
  async update(input: OrganisationSettingsInput): Promise<OrganisationSettings> {
    const id = currentOrganisation() ?? 1;
    if (id === 1) throw AppError.conflict(MSG.organisationFromDeployment);
    const changed = await this.deps.db.transaction(async (tx) => {
      const before = await this.deps.organisations.settings(id, tx);
      if (!before) throw new AppError('SERVICE_UNAVAILABLE', 503);
      await this.deps.organisations.updateSettings(tx, id, input);
      // A field left out keeps its value.
      const after = { ...before, ...definedFields(input) };
      const changes = auditChanges(before, after, FIELDS);
      if (Object.keys(changes ?? {}).length === 0) return false;
      await recordAudit(tx, this.deps.outbox, 'identity', {
        actor: currentActor(),
        action: AUDIT_ACTIONS.organisationUpdated,
        target: { type: 'organisation', id: String(id) },
        changes,
      });
      return true;
    });
    // The other services (its emails' sender, its retention run) use no answer from before.
    if (changed) await sleep(ORGANISATION_ANSWER_REUSE_MS);
    return this.view();
  }
}

function definedFields<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
