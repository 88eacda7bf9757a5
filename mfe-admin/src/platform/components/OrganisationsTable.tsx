import { useTranslation } from 'react-i18next';
import type { PlatformOrganisation } from '@nsa/contracts';
import { isOwnOrganisation, organisationActions, STATUS_TONES } from '../lib/platform';
import { ListStates, type ListQuery } from '../../shared/components/crud/ListStates';
import { ActionsHeader, RowAction } from '../../shared/components/crud/RowAction';
import { NAMESPACE } from '../../namespace';

export interface OrganisationHandlers {
  onEdit: (organisation: PlatformOrganisation) => void;
  onSuspend: (organisation: PlatformOrganisation) => void;
  onResume: (organisation: PlatformOrganisation) => void;
  onDelete: (organisation: PlatformOrganisation) => void;
  /** The organisation being resumed: its button is disabled meanwhile. */
  resuming: number | null;
}

const COUNTS = ['schools', 'activities', 'registrations', 'admins'] as const;

/** The status in words, in a badge whose colour only repeats it. */
export function StatusBadge({ status }: { status: PlatformOrganisation['status'] }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className="adm-badge" data-tone={STATUS_TONES[status]} data-testid="organisation-status">
      {t(`platform.status.${status}`)}
    </span>
  );
}

/**
 * R-PLATFORM-SCREENS: the deployment's organisations, one row each (a card each on a phone):
 * name, slug, host names, status and counts, and the actions its status allows. The deployment's
 * own organisation is marked as such and has none.
 */
export function OrganisationsTable({
  query,
  ...handlers
}: { query: ListQuery<PlatformOrganisation> } & OrganisationHandlers) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <ListStates
      query={query}
      texts={{
        loading: t('platform.loading'),
        loadFailed: t('platform.loadFailed'),
        empty: t('platform.empty'),
      }}
      errorTestId="organisations-error"
      emptyTestId="organisations-empty"
    >
      {(organisations) => (
        <div className="adm-table-scroll">
          <table
            className="adm-table adm-stack adm-platform-table"
            data-testid="organisations-table"
          >
            <caption className="visually-hidden">{t('platform.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('platform.col.name')}</th>
                <th scope="col">{t('platform.col.slug')}</th>
                <th scope="col">{t('platform.col.hosts')}</th>
                <th scope="col">{t('platform.col.status')}</th>
                <th scope="col">{t('platform.col.counts')}</th>
                <ActionsHeader />
              </tr>
            </thead>
            <tbody>
              {organisations.map((organisation) => (
                <OrganisationRow key={organisation.id} organisation={organisation} {...handlers} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListStates>
  );
}

function OrganisationRow({
  organisation,
  onEdit,
  onSuspend,
  onResume,
  onDelete,
  resuming,
}: { organisation: PlatformOrganisation } & OrganisationHandlers) {
  const { t } = useTranslation(NAMESPACE);
  const own = isOwnOrganisation(organisation);
  const actions = organisationActions(organisation);
  const { name } = organisation;
  return (
    <tr data-testid="organisation-row" data-organisation-id={organisation.id}>
      <th scope="row">
        {name}
        {own ? (
          <span className="adm-platform-own" data-testid="organisation-own">
            {t('platform.own')}
          </span>
        ) : null}
      </th>
      <td data-label={t('platform.col.slug')}>
        <code className="adm-platform-slug">{organisation.slug}</code>
      </td>
      <td data-label={t('platform.col.hosts')}>
        <ul className="adm-platform-hosts">
          {organisation.hosts.map((host) => (
            <li key={host}>{host}</li>
          ))}
          {/* R-ORG-HOST: the deployment's own answers for every host no other one holds. */}
          {own ? (
            <li className="adm-muted" data-testid="organisation-unclaimed-hosts">
              {t('platform.unclaimedHosts')}
            </li>
          ) : null}
        </ul>
      </td>
      <td data-label={t('platform.col.status')}>
        <StatusBadge status={organisation.status} />
      </td>
      <td data-label={t('platform.col.counts')}>
        <dl className="adm-platform-counts" data-testid="organisation-counts">
          {COUNTS.map((count) => (
            <div key={count}>
              <dt>{t(`platform.counts.${count}`)}</dt>
              <dd>{organisation.counts[count]}</dd>
            </div>
          ))}
        </dl>
      </td>
      <td>
        {own ? (
          <span className="adm-muted adm-platform-own-note">{t('platform.ownNote')}</span>
        ) : (
          <div className="adm-row-actions">
            {actions.edit ? (
              <RowAction
                label={t('platform.editOf', { name })}
                onClick={() => onEdit(organisation)}
              >
                {t('common.edit')}
              </RowAction>
            ) : null}
            {/* One button that turns from Suspend into Resume: the focus stays on it. */}
            {actions.suspend || actions.resume ? (
              <RowAction
                key="status"
                label={t(actions.suspend ? 'platform.suspendOf' : 'platform.resumeOf', { name })}
                disabled={resuming === organisation.id}
                onClick={() => (actions.suspend ? onSuspend : onResume)(organisation)}
              >
                {t(actions.suspend ? 'platform.suspend' : 'platform.resume')}
              </RowAction>
            ) : null}
            {actions.delete ? (
              <RowAction
                danger
                label={t('platform.deleteOf', { name })}
                onClick={() => onDelete(organisation)}
              >
                {t('common.delete')}
              </RowAction>
            ) : null}
          </div>
        )}
      </td>
    </tr>
  );
}
