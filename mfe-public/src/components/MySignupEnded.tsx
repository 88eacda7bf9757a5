import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useOrganisation } from '../api/app-config';
import { isolate } from '../lib/isolate';
import { usePartTranslation } from '../part-texts';
import { MySignupFrame } from './MySignupFrame';

/** 403, or no token: the link does not (or no longer) work; whom to ask. */
export function InvalidLink() {
  const { t } = usePartTranslation('my-signup');
  const organisation = useOrganisation();
  return (
    <MySignupFrame title={t('mySignup.invalidTitle')}>
      <div className="pub-card pub-state-card" data-state="invalid-link">
        <p>{t('mySignup.invalidText')}</p>
        <p>{t('mySignup.invalidAdvice', { organisation: isolate(organisation.name) })}</p>
        <p>
          <a href={`mailto:${organisation.contactEmail}`}>{organisation.contactEmail}</a>
        </p>
        <div className="actions">
          <Link to="/" className="button secondary">
            {t('mySignup.backHome')}
          </Link>
        </div>
      </div>
    </MySignupFrame>
  );
}

/** R-ERASE: what the parent sees once the data is gone. */
export function Erased() {
  const { t } = usePartTranslation('my-signup');
  const headingRef = useRef<HTMLDivElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <MySignupFrame title={t('mySignup.erasedTitle')}>
      <div
        ref={headingRef}
        tabIndex={-1}
        className="pub-card pub-state-card"
        data-state="erased"
        role="status"
      >
        <p>{t('mySignup.erasedText')}</p>
        <div className="actions">
          <Link to="/" className="button secondary">
            {t('mySignup.backHome')}
          </Link>
        </div>
      </div>
    </MySignupFrame>
  );
}
