import { useId, type ReactNode, type RefObject } from 'react';
import type { MySignup } from '@nsa/contracts';
import { useOrganisation } from '../api/app-config';
import { isolate } from '../lib/isolate';
import { childName, dayAndTime } from '../lib/my-signup';
import { usePartTranslation } from '../part-texts';

/** R-MY-SIGNUP-VIEW: the status in plain words, with what can be done about it. */
export function SignupStatusCard({
  signup,
  headingRef,
  children,
}: {
  signup: MySignup;
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  const { t, i18n } = usePartTranslation('my-signup');
  const organisation = useOrganisation();
  const titleId = useId();
  const { status, waitlistPosition, offerExpiresAt } = signup.registration;
  const name = isolate(childName(signup));
  const key = `mySignup.status.${status}`;

  let title = t(`${key}.title`, { position: waitlistPosition });
  let text = t(`${key}.text`, { name, organisation: isolate(organisation.name) });
  if (status === 'waitlisted' && waitlistPosition === null) {
    title = t(`${key}.titleNoPosition`);
  }
  if (status === 'offered') {
    const deadline = offerExpiresAt ? dayAndTime(i18n.language, offerExpiresAt) : null;
    text = deadline
      ? t(`${key}.text`, { name, deadline: t('mySignup.deadline', deadline) })
      : t(`${key}.textNoDeadline`, { name });
  }

  return (
    <section
      className={`pub-card pub-status-card pub-status-${status}`}
      data-testid="signup-status"
      data-status={status}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className="pub-status-title">
        {title}
      </h2>
      <p>{text}</p>
      {children}
    </section>
  );
}
