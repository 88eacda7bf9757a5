import { mountStandalone } from '@nsa/web-kit/standalone';
import App from './export-app';
import en from './i18n/en.json';
import nl from './i18n/nl.json';
import { NAMESPACE } from './namespace';

// Development only: the remote without the shell.
mountStandalone({
  namespace: NAMESPACE,
  resources: { nl, en },
  links: ['/provider/1?token=x', '/provider/1?token=x&lng=en', '/provider/1'],
  app: <App />,
});
