import {
  LANGS,
  type OrganisationAnswer,
  type OrganisationProfile,
  type OrganisationSettings,
  type OrganisationSettingsInput,
  type OrganisationStatus,
} from '@nsa/contracts';
import {
  QueryTypes,
  eraseOrganisationRows,
  withOrganisation,
  type Sequelize,
  type Transaction,
} from '@nsa/service-kit';

/** Organisation 1's settings, as the deployment gives them (R-ORG-HOST). */
export interface FirstOrganisation {
  name: string;
  contactEmail: string;
  website?: string;
  privacyUrl?: string;
  publicBaseUrl: string;
  retentionMonths: number;
  adminTwoStepRequired: boolean;
}

/** A further organisation, with the host names it is found by (R-ORG-ADD). */
export interface NewOrganisation {
  slug: string;
  name: string;
  contactEmail: string;
  /** Its own website and privacy statement, which its public pages link to (R-ORG-PAGES). */
  website?: string;
  privacyUrl?: string;
  /** The name its emails are sent under, when not its name (R-ORG-SETTINGS). */
  mailFromName?: string;
  publicBaseUrl: string;
  hosts: string[];
  retentionMonths: number;
  /** The languages its public pages offer; all of them when not given. */
  languages?: readonly string[];
}

/** An organisation as the platform lists it (R-PLATFORM-LIST): no personal data. */
export interface OrganisationListing {
  id: number;
  slug: string;
  name: string;
  hosts: string[];
  status: OrganisationStatus;
  publicBaseUrl: string;
}

/** An organisation's host names, in order, with `o` joined to its hosts `h` and grouped by `o.id`. */
const HOSTS = `coalesce(array_agg(h.host ORDER BY h.host) FILTER (WHERE h.host IS NOT NULL), '{}') AS hosts`;
const WITH_HOSTS = 'organisations o LEFT JOIN organisation_hosts h ON h.organisation_id = o.id';

const LISTING = `SELECT o.id, o.slug, o.name, o.status, o.public_base_url AS "publicBaseUrl", ${HOSTS}
  FROM ${WITH_HOSTS}`;

/** A slug or host name that another organisation holds already. */
export class OrganisationTaken extends Error {}

/** The organisations and their host names (migration 0010-organisations). */
export class OrganisationRepository {
  constructor(private readonly db: Sequelize) {}

  /**
   * Makes organisation 1 from `first` when there is none; an existing one keeps what it has.
   * Answers whether it made it. The next organisation made gets id 2 or later.
   */
  async ensureFirst(first: FirstOrganisation): Promise<boolean> {
    return this.db.transaction(async (transaction) => {
      const made = await this.db.query<{ id: number }>(
        `INSERT INTO organisations (id, slug, name, contact_email, website, privacy_url,
           public_base_url, languages, retention_months, admin_two_step_required)
         VALUES (1, 'default', :name, :contactEmail, :website, :privacyUrl, :publicBaseUrl,
           ARRAY[:languages]::text[], :retentionMonths, :adminTwoStepRequired)
         ON CONFLICT (id) DO NOTHING
         RETURNING id`,
        {
          replacements: {
            ...first,
            website: first.website ?? null,
            privacyUrl: first.privacyUrl ?? null,
            languages: [...LANGS],
          },
          type: QueryTypes.SELECT,
          transaction,
        },
      );
      // Ids given by hand leave the sequence behind: it goes on after the highest.
      await this.db.query(
        `SELECT setval(pg_get_serial_sequence('organisations', 'id'), max(id)) FROM organisations`,
        { transaction },
      );
      return made.length > 0;
    });
  }

  /**
   * For each host, in order: the organisation holding it, else organisation 1; null for each
   * when there is no organisation 1 yet.
   */
  async byHosts(hosts: string[]): Promise<Array<OrganisationAnswer | null>> {
    const rows = await this.db.query<{
      host: string | null;
      id: number;
      status: OrganisationStatus;
      publicBaseUrl: string;
    }>(
      `SELECT h.host, o.id, o.status, o.public_base_url AS "publicBaseUrl"
         FROM organisation_hosts h JOIN organisations o ON o.id = h.organisation_id
        WHERE h.host IN (:hosts)
       UNION ALL
       SELECT NULL, id, status, public_base_url FROM organisations WHERE id = 1`,
      { replacements: { hosts }, type: QueryTypes.SELECT },
    );
    const answer = (r: (typeof rows)[number]): OrganisationAnswer => ({
      id: r.id,
      status: r.status,
      publicBaseUrl: r.publicBaseUrl,
    });
    const held = new Map(rows.filter((r) => r.host !== null).map((r) => [r.host!, answer(r)]));
    const first = rows.find((r) => r.host === null);
    return hosts.map((h) => held.get(h) ?? (first ? answer(first) : null));
  }

  /** For each id, in order: the organisation with it, null for an unknown id (R-ORG-LINKS). */
  async byIds(ids: number[]): Promise<Array<OrganisationProfile | null>> {
    const rows = await this.db.query<OrganisationProfile>(
      `SELECT id, status, public_base_url AS "publicBaseUrl", name, contact_email AS "contactEmail",
              mail_from_name AS "mailFromName", retention_months AS "retentionMonths"
         FROM organisations WHERE id IN (:ids)`,
      { replacements: { ids }, type: QueryTypes.SELECT },
    );
    return ids.map((id) => rows.find((r) => r.id === id) ?? null);
  }

  /** The organisation with `id`, null for an unknown id (R-ORG-LINKS). */
  async byId(id: number): Promise<OrganisationProfile | null> {
    return (await this.byIds([id]))[0] ?? null;
  }

  /** Organisation `id`'s settings page: its settings, public address and host names. */
  async settings(
    id: number,
    tx?: Transaction,
  ): Promise<OrganisationSettings['organisation'] | undefined> {
    const [row] = await this.db.query<OrganisationSettings['organisation']>(
      `SELECT o.name, o.contact_email AS "contactEmail", o.website, o.privacy_url AS "privacyUrl",
              o.mail_from_name AS "mailFromName", o.languages,
              o.retention_months AS "retentionMonths",
              o.admin_two_step_required AS "adminTwoStepRequired",
              o.public_base_url AS "publicBaseUrl", ${HOSTS}
         FROM ${WITH_HOSTS}
        WHERE o.id = :id
        GROUP BY o.id`,
      { replacements: { id }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row;
  }

  /**
   * Sets organisation `id`'s own settings (R-ORG-SETTINGS), in `tx`; a field left out keeps
   * its value.
   */
  async updateSettings(tx: Transaction, id: number, s: OrganisationSettingsInput): Promise<void> {
    await this.db.query(
      `UPDATE organisations SET name = :name, contact_email = :contactEmail, website = :website,
         privacy_url = :privacyUrl,
         mail_from_name = CASE WHEN :setSender THEN :mailFromName ELSE mail_from_name END,
         languages = coalesce(CAST(:languages AS text[]), languages),
         retention_months = coalesce(:retentionMonths, retention_months),
         admin_two_step_required = coalesce(:adminTwoStepRequired, admin_two_step_required),
         updated_at = now()
        WHERE id = :id`,
      {
        replacements: {
          id,
          name: s.name,
          contactEmail: s.contactEmail,
          website: s.website,
          privacyUrl: s.privacyUrl,
          setSender: s.mailFromName !== undefined,
          mailFromName: s.mailFromName ?? null,
          // A text[] literal: Sequelize would expand an array into a list.
          languages: s.languages ? `{${s.languages.join(',')}}` : null,
          retentionMonths: s.retentionMonths ?? null,
          adminTwoStepRequired: s.adminTwoStepRequired ?? null,
        },
        transaction: tx,
      },
    );
  }

  /** Whether organisation `id` requires two-step login of its staff, as stored now (R-TOTP). */
  async twoStepRequired(id: number): Promise<boolean> {
    const [row] = await this.db.query<{ required: boolean }>(
      'SELECT admin_two_step_required AS required FROM organisations WHERE id = :id',
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    return row?.required ?? false;
  }

  /** The ids of the organisations in `status`, in order (R-ORG-JOBS). */
  async ids(status: OrganisationStatus): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>(
      'SELECT id FROM organisations WHERE status = :status ORDER BY id',
      { replacements: { status }, type: QueryTypes.SELECT },
    );
    return rows.map((r) => r.id);
  }

  /**
   * Makes an organisation with its host names, in one transaction, and answers its id; throws
   * `OrganisationTaken` when its slug or one of its hosts is another's already (nothing made).
   */
  async create(o: NewOrganisation): Promise<number> {
    return this.db.transaction(async (transaction) => {
      const [made] = await this.db.query<{ id: number }>(
        `INSERT INTO organisations (slug, name, contact_email, website, privacy_url,
           mail_from_name, public_base_url, languages, retention_months)
         VALUES (:slug, :name, :contactEmail, :website, :privacyUrl, :mailFromName,
           :publicBaseUrl, ARRAY[:languages]::text[], :retentionMonths)
         ON CONFLICT (slug) DO NOTHING
         RETURNING id`,
        {
          replacements: {
            ...o,
            website: o.website ?? null,
            privacyUrl: o.privacyUrl ?? null,
            mailFromName: o.mailFromName ?? null,
            languages: [...(o.languages ?? LANGS)],
          },
          type: QueryTypes.SELECT,
          transaction,
        },
      );
      if (!made) throw new OrganisationTaken(`the slug ${o.slug} is taken`);
      await this.addHosts(transaction, made.id, o.hosts);
      return made.id;
    });
  }

  /**
   * Gives organisation `id` these hosts (those it holds already stay); throws
   * `OrganisationTaken` for one another organisation holds.
   */
  private async addHosts(transaction: Transaction, id: number, hosts: string[]): Promise<void> {
    const added = await this.db.query<{ host: string }>(
      `INSERT INTO organisation_hosts (host, organisation_id)
       SELECT DISTINCT unnest(ARRAY[:hosts]::text[]), :id
       ON CONFLICT (host) DO UPDATE SET organisation_id = excluded.organisation_id
         WHERE organisation_hosts.organisation_id = excluded.organisation_id
       RETURNING host`,
      { replacements: { hosts, id }, type: QueryTypes.SELECT, transaction },
    );
    const taken = hosts.filter((h) => !added.some((a) => a.host === h));
    if (taken.length > 0) throw new OrganisationTaken(`the host ${taken.join(', ')} is taken`);
  }

  /** Every organisation, in order of id, as the platform lists them (R-PLATFORM-LIST). */
  async list(): Promise<OrganisationListing[]> {
    return this.db.query<OrganisationListing>(`${LISTING} GROUP BY o.id ORDER BY o.id`, {
      type: QueryTypes.SELECT,
    });
  }

  /** Organisation `id` as the platform lists it, in `tx` when given; undefined for none. */
  async listing(id: number, tx?: Transaction): Promise<OrganisationListing | undefined> {
    const [row] = await this.db.query<OrganisationListing>(
      `${LISTING} WHERE o.id = :id GROUP BY o.id`,
      { replacements: { id }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row;
  }

  /**
   * Changes organisation `id`'s name, hosts (the given list replaces its own) or status, in
   * `tx`; throws `OrganisationTaken` for a host another organisation holds.
   */
  async change(
    tx: Transaction,
    id: number,
    change: { name?: string; hosts?: string[]; status?: OrganisationStatus },
  ): Promise<void> {
    await this.db.query(
      `UPDATE organisations SET name = coalesce(:name, name), status = coalesce(:status, status),
         updated_at = now() WHERE id = :id`,
      {
        replacements: { id, name: change.name ?? null, status: change.status ?? null },
        transaction: tx,
      },
    );
    if (change.hosts) {
      await this.db.query(
        `DELETE FROM organisation_hosts
          WHERE organisation_id = :id AND NOT (host = ANY (ARRAY[:hosts]::text[]))`,
        { replacements: { id, hosts: change.hosts }, transaction: tx },
      );
      await this.addHosts(tx, id, change.hosts);
    }
  }

  /** How many administrators organisation `id` has (R-PLATFORM-LIST), in its own transaction. */
  async adminCount(id: number): Promise<number> {
    return withOrganisation(id, () =>
      this.db.transaction(async (transaction) => {
        const [row] = await this.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM users WHERE role = 'admin'",
          { type: QueryTypes.SELECT, transaction },
        );
        return row?.n ?? 0;
      }),
    );
  }

  /** Every row of organisation `id` in this service's own tables (R-PLATFORM-DELETE). */
  eraseOwnRows(id: number): Promise<number> {
    return eraseOrganisationRows(this.db, id);
  }

  /**
   * Forgets organisation `id` and its host names (R-PLATFORM-DELETE), once its data is gone;
   * answers whether it was still there.
   */
  async remove(tx: Transaction, id: number): Promise<boolean> {
    const gone = await this.db.query<{ id: number }>(
      'DELETE FROM organisations WHERE id = :id AND id <> 1 RETURNING id',
      { replacements: { id }, transaction: tx, type: QueryTypes.SELECT },
    );
    return gone.length > 0;
  }

  /**
   * The organisations `deleting` with no change for `quietMs` or longer: a deletion whose
   * request ended before every service had erased its part (R-PLATFORM-DELETE).
   */
  async stalledDeletions(quietMs: number): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>(
      `SELECT id FROM organisations
        WHERE status = 'deleting' AND updated_at <= now() - make_interval(secs => :quietS)
        ORDER BY id`,
      { replacements: { quietS: quietMs / 1000 }, type: QueryTypes.SELECT },
    );
    return rows.map((r) => r.id);
  }

  /**
   * Sets the status of the organisation with `slug` in `tx` unless it is being deleted (which
   * only its deletion ends); answers its id and status before, or null for none (organisation 1
   * is none here).
   */
  async setStatus(
    tx: Transaction,
    slug: string,
    status: 'active' | 'suspended',
  ): Promise<{ id: number; before: OrganisationStatus } | null> {
    const [row] = await this.db.query<{ id: number; before: OrganisationStatus }>(
      'SELECT id, status AS before FROM organisations WHERE slug = :slug AND id <> 1 FOR UPDATE',
      { replacements: { slug }, type: QueryTypes.SELECT, transaction: tx },
    );
    if (row && row.before !== 'deleting' && row.before !== status) {
      await this.db.query(
        'UPDATE organisations SET status = :status, updated_at = now() WHERE id = :id',
        { replacements: { id: row.id, status }, transaction: tx },
      );
    }
    return row ?? null;
  }
}
