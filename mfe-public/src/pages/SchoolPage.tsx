import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isApiError, Page, Spinner } from '@nsa/web-kit';
import { useBlocks, useSchoolActivities } from '../api/activities';
import { isSchoolToken, useSchoolByToken } from '../api/school';
import { parseBlockId } from '../lib/activities';
import { SchoolActivities } from '../components/SchoolActivities';
import { SchoolNotFound } from '../components/SchoolNotFound';
import { SiteFooter } from '../components/SiteFooter';
import { NAMESPACE } from '../namespace';

export function SchoolPage({ token }: { token: string }) {
  // A malformed token never reaches the server.
  if (!isSchoolToken(token)) return <SchoolNotFound />;
  return <SchoolLoader key={token} token={token} />;
}

function SchoolLoader({ token }: { token: string }) {
  const { t } = useTranslation(NAMESPACE);
  const school = useSchoolByToken(token);
  // The school's list (for the block in the link) and the block filter are asked here, as soon as
  // the school is known, and the page below mounts once all three have answered: one render, one
  // commit and one layout with the cards, instead of one per answer. It mounts as a deferred
  // render, which React does in slices of a few milliseconds (an answer's own render is a
  // blocking one); the loading state stays until it is committed.
  const [searchParams] = useSearchParams();
  const [blockId] = useState(() => parseBlockId(searchParams.get('blockId')));
  const activities = useSchoolActivities(school.data?.id, token, blockId);
  const blocks = useBlocks();
  const ready = useDeferredValue(school.isSuccess && !activities.isPending && !blocks.isPending);

  if (school.isSuccess && ready) {
    return <SchoolActivities school={school.data} token={token} initialBlockId={blockId} />;
  }
  const apiError = isApiError(school.error) ? school.error : null;
  if (school.isError && apiError?.status === 404) return <SchoolNotFound />;
  return (
    <>
      <Page remote={NAMESPACE} page="school" title={t('school.title')}>
        {school.isError ? (
          <div className="pub-card pub-state-card" data-state="error" role="alert">
            <h2>{t('school.errorTitle')}</h2>
            <p>
              {apiError
                ? t('school.failedToFetch', { status: apiError.message })
                : t('school.connection')}
            </p>
            <div className="actions">
              <button type="button" className="button" onClick={() => void school.refetch()}>
                {t('school.retry')}
              </button>
            </div>
          </div>
        ) : (
          <>
            {/* The subtitle does not depend on the school: drawn at once, where the
                loaded page has it, so the page's main text is there early. */}
            <p className="pub-lead">{t('school.subtitle')}</p>
            <Spinner label={t('school.loading')} />
          </>
        )}
      </Page>
      <SiteFooter />
    </>
  );
}
