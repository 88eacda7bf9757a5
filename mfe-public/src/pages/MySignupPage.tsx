import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Erased, InvalidLink } from '../components/MySignupEnded';
import { MySignupView } from '../components/MySignupView';
import { tokenFromHash } from '../lib/my-signup';
import type { Ended } from '../lib/use-my-signup-actions';
import { registerPartTexts, usePartTexts } from '../part-texts';
import mySignupNl from '../i18n/my-signup.nl.json';

registerPartTexts('my-signup', {
  nl: mySignupNl,
  en: () => import(/* webpackChunkName: "i18n-my-signup-en" */ '../i18n/my-signup.en.json'),
  tr: () => import(/* webpackChunkName: "i18n-my-signup-tr" */ '../i18n/my-signup.tr.json'),
  ar: () => import(/* webpackChunkName: "i18n-my-signup-ar" */ '../i18n/my-signup.ar.json'),
  pl: () => import(/* webpackChunkName: "i18n-my-signup-pl" */ '../i18n/my-signup.pl.json'),
  uk: () => import(/* webpackChunkName: "i18n-my-signup-uk" */ '../i18n/my-signup.uk.json'),
});

/**
 * R-MY-SIGNUP-VIEW: the page of the parent's own link, `/my-signup#{token}`. The token is read
 * from the fragment and kept in memory only; it goes to the server in the X-Manage-Token header
 * and never in a URL (R-MY-SIGNUP-LINK). Opening the page only reads: every change waits for a
 * click, because mail scanners open the links in emails.
 */
export default function MySignupPage() {
  usePartTexts('my-signup');
  const { hash } = useLocation();
  const [token, setToken] = useState(() => tokenFromHash(hash));
  // Another link opened in the same tab brings its own token. A fragment that disappears (the
  // language switch rewrites the query string, which drops it) does not make the page forget.
  const fromHash = tokenFromHash(hash);
  if (fromHash !== null && fromHash !== token) setToken(fromHash);

  if (token === null) return <InvalidLink />;
  return <LinkSession key={token} token={token} />;
}

/** One link's page; once the data is erased or the link refused, nothing of it stays loaded. */
function LinkSession({ token }: { token: string }) {
  const [ended, setEnded] = useState<Ended | null>(null);
  if (ended === 'erased') return <Erased />;
  if (ended === 'invalid') return <InvalidLink />;
  return <MySignupView token={token} onEnded={setEnded} />;
}
