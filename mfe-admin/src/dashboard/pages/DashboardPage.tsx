import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LogoutButton, Page, useSession } from '@nsa/web-kit';
import { useHealth } from '../api/health';
import { DashboardSummary } from '../components/DashboardSummary';
import { healthView } from '../lib/health';
import { NAMESPACE } from '../../namespace';
import '../dashboard.css';

// R-ADMIN-DASHBOARD: registrations first and most prominent.
const CARDS = [
  { key: 'registrations', to: '/admin/registrations', primary: true },
  { key: 'schools', to: '/admin/schools', primary: false },
  { key: 'blocks', to: '/admin/blocks', primary: false },
  { key: 'providers', to: '/admin/providers', primary: false },
  { key: 'activities', to: '/admin/activities', primary: false },
  // R-AUDIT-SCREEN
  { key: 'audit', to: '/admin/audit', primary: false },
  // R-PRIVACY-SCREEN
  { key: 'privacy', to: '/admin/privacy', primary: false },
  // R-ORG-SETTINGS
  { key: 'organisation', to: '/admin/organisation', primary: false },
] as const;

function ApiStatus() {
  const { t } = useTranslation(NAMESPACE);
  const { data } = useHealth();
  const health = healthView(data);
  return (
    <dl className="adm-status-list">
      <div>
        <dt>{t('dashboard.api')}</dt>
        <dd>
          <span className="adm-api-status" data-testid="api-status" data-state={health.state}>
            <span className="adm-api-dot" aria-hidden="true" />
            {t(`dashboard.apiState.${health.state}`)}
          </span>
          {health.down.length > 0 ? (
            <span className="adm-muted">
              {' '}
              ({t('dashboard.down', { services: health.down.join(', ') })})
            </span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>{t('dashboard.version')}</dt>
        <dd data-testid="api-version">{health.version}</dd>
      </div>
      <div>
        <dt>{t('dashboard.service')}</dt>
        <dd data-testid="api-service">{health.service}</dd>
      </div>
    </dl>
  );
}

export function DashboardPage() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();

  return (
    <Page remote={NAMESPACE} page="admin" title={t('dashboard.title')}>
      <section className="adm-card adm-dashboard-head" aria-label={t('dashboard.account')}>
        <div>
          <p className="adm-welcome" data-testid="admin-user">
            {t('dashboard.welcome', { name: user?.name ?? '' })}
          </p>
          <p className="adm-muted">
            {t('dashboard.role')}: {user ? t(`roles.${user.role}`) : ''}
          </p>
          <ApiStatus />
        </div>
        <div className="adm-head-actions">
          <Link to="/admin/settings" className="button secondary">
            {t('dashboard.settings')}
          </Link>
          <LogoutButton>{t('dashboard.logout')}</LogoutButton>
        </div>
      </section>

      <DashboardSummary />

      <p className="adm-hint" data-testid="creation-order">
        {t('dashboard.creationOrder')}
      </p>

      <ul className="adm-card-grid">
        {CARDS.map((card) => (
          <li key={card.key} className={card.primary ? 'adm-primary' : undefined}>
            <Link
              to={card.to}
              className={`adm-nav-card${card.primary ? ' adm-nav-card-primary' : ''}`}
            >
              <span className="adm-nav-card-title">{t(`dashboard.cards.${card.key}.title`)}</span>
              <span className="nav-card-text">{t(`dashboard.cards.${card.key}.text`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
