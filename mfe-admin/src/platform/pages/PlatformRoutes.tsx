import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@nsa/web-kit';
import { NAMESPACE } from '../../namespace';

// R-PLATFORM-SCREENS: the platform administrators' pages are for a handful of people, so they
// are a chunk of their own rather than part of what every admin page loads. Their texts stay
// in the remote's nl.json and en.json. A chunk that does not load is the shell's remote error.
const PlatformLoginPage = lazy(() =>
  import(/* webpackChunkName: "platform" */ './PlatformLoginPage').then((m) => ({
    default: m.PlatformLoginPage,
  })),
);
const PlatformPage = lazy(() =>
  import(/* webpackChunkName: "platform" */ './PlatformPage').then((m) => ({
    default: m.PlatformPage,
  })),
);

function Loading({ page: Page }: { page: ComponentType }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} />}>
      <Page />
    </Suspense>
  );
}

/** /platform/login, loaded when it is opened. */
export const PlatformLoginRoute = () => <Loading page={PlatformLoginPage} />;

/** /platform, loaded when it is opened. */
export const PlatformRoute = () => <Loading page={PlatformPage} />;
