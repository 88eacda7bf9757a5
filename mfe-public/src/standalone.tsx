import { mountStandalone } from '@nsa/web-kit/standalone';
import App from './export-app';
import en from './i18n/en.json';
import nl from './i18n/nl.json';
import { NAMESPACE } from './namespace';

// Development only: the remote without the shell.
mountStandalone({
  namespace: NAMESPACE,
  resources: { nl, en },
  links: [
    '/',
    '/schools/0123456789abcdef0123456789abcdef',
    '/my-signup#voorbeeld-link-0123456789',
    '/loting',
    '/?lng=en',
  ],
  closeLabelKey: 'toastClose',
  app: <App />,
});
