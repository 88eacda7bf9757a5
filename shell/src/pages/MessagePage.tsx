import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * A page of the shell's own: the title and text of its i18n section, a link
 * to the start page and one more action.
 */
export function MessagePage({
  section,
  page,
  action,
}: {
  section: 'notFound' | 'unauthorized';
  page: string;
  action: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main className="page" data-page={page}>
      <h1>{t(`${section}.title`)}</h1>
      <p>{t(`${section}.text`)}</p>
      <div className="actions">
        <Link to="/" className="button">
          {t(`${section}.home`)}
        </Link>
        {action}
      </div>
    </main>
  );
}
