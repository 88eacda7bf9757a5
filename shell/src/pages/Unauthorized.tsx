import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { apiFetch } from '@nsa/web-kit';

export function Unauthorized() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const logout = async () => {
    setPending(true);
    // Spec §7: whatever the server answers, the user ends up logged out on /login.
    await apiFetch('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
    queryClient.clear();
    navigate('/login');
  };

  return (
    <main className="page" data-page="unauthorized">
      <h1>{t('unauthorized.title')}</h1>
      <p>{t('unauthorized.text')}</p>
      <div className="actions">
        <Link to="/" className="button">
          {t('unauthorized.home')}
        </Link>
        <button type="button" className="button secondary" disabled={pending} onClick={() => void logout()}>
          {t('unauthorized.logout')}
        </button>
      </div>
    </main>
  );
}
