import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { MySignup, RegistrationStatus } from '@nsa/contracts';
import { Page, Spinner, useToast } from '@nsa/web-kit';
import { saveBlob } from '@nsa/web-kit/download';
import { useOrganisation } from '../api/app-config';
import {
  fetchCalendar,
  useEraseSignup,
  useMySignup,
  useReloadSignup,
  useSignupAction,
  type SignupAction,
} from '../api/my-signup';
import { dateRangeText, scheduleText } from '../components/activity-text';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { SiteFooter } from '../components/SiteFooter';
import {
  actionsFor,
  calendarFileName,
  childName,
  classifyMySignupError,
  dayAndTime,
  isActive,
  tokenFromHash,
} from '../lib/my-signup';
import { NAMESPACE } from '../namespace';
import { registerPartTexts, usePartTexts, usePartTranslation } from '../part-texts';
import mySignupNl from '../i18n/my-signup.nl.json';
import { isolate } from '../lib/isolate';

registerPartTexts('my-signup', {
  nl: mySignupNl,
  en: () => import(/* webpackChunkName: "i18n-my-signup-en" */ '../i18n/my-signup.en.json'),
  tr: () => import(/* webpackChunkName: "i18n-my-signup-tr" */ '../i18n/my-signup.tr.json'),
  ar: () => import(/* webpackChunkName: "i18n-my-signup-ar" */ '../i18n/my-signup.ar.json'),
  pl: () => import(/* webpackChunkName: "i18n-my-signup-pl" */ '../i18n/my-signup.pl.json'),
  uk: () => import(/* webpackChunkName: "i18n-my-signup-uk" */ '../i18n/my-signup.uk.json'),
});

const TOAST_MS = 5000;
const PAGE = 'my-signup';

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

type Ended = 'erased' | 'invalid';

/** One link's page; once the data is erased or the link refused, nothing of it stays loaded. */
function LinkSession({ token }: { token: string }) {
  const [ended, setEnded] = useState<Ended | null>(null);
  if (ended === 'erased') return <Erased />;
  if (ended === 'invalid') return <InvalidLink />;
  return <MySignupView token={token} onEnded={setEnded} />;
}

type Confirm = 'decline' | 'withdraw' | 'erase';

function MySignupView({ token, onEnded }: { token: string; onEnded(ended: Ended): void }) {
  const { t } = usePartTranslation('my-signup');
  const { toast } = useToast();
  const query = useMySignup(token);
  const action = useSignupAction(token);
  const erase = useEraseSignup(token);
  const reload = useReloadSignup(token);

  const [notice, setNotice] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [downloading, setDownloading] = useState(false);
  // Where the focus goes after an action changed the page: the status (the button that was
  // used may be gone) or the notice that says why it did not work.
  const [focusTo, setFocusTo] = useState<{ target: 'status' | 'notice' } | null>(null);
  const statusRef = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusTo === null) return;
    (focusTo.target === 'notice' ? noticeRef.current : statusRef.current)?.focus();
  }, [focusTo]);

  const fail = (error: unknown) => {
    setConfirm(null);
    const failure = classifyMySignupError(error);
    if (failure.kind === 'invalid-link') {
      onEnded('invalid');
    } else if (failure.kind === 'stale') {
      // R-WAITLIST-OFFER: an offer that expired (OFFER_EXPIRED), or a status that changed
      // meanwhile: say what the server said, and show the sign-up as it is now.
      setNotice(failure.message ?? t('mySignup.changed'));
      setFocusTo({ target: 'notice' });
      void reload();
    } else {
      toast({
        title: t('mySignup.failedTitle'),
        description: failure.message ?? t('mySignup.failedText'),
        variant: 'destructive',
        duration: TOAST_MS,
      });
    }
  };

  const run = (which: SignupAction) => {
    if (action.isPending) return;
    action.mutate(which, {
      onSuccess: () => {
        setConfirm(null);
        setNotice(null);
        toast({ title: t(`mySignup.done.${which}`), duration: TOAST_MS });
        setFocusTo({ target: 'status' });
      },
      onError: fail,
    });
  };

  const eraseData = () => {
    if (erase.isPending) return;
    erase.mutate(undefined, {
      onSuccess: () => {
        setConfirm(null);
        onEnded('erased');
      },
      onError: fail,
    });
  };

  const downloadCalendar = async (title: string) => {
    if (downloading) return;
    setDownloading(true);
    try {
      saveBlob(await fetchCalendar(token), calendarFileName(title));
    } catch (error) {
      fail(error);
    } finally {
      setDownloading(false);
    }
  };

  const queryFailure = query.isError ? classifyMySignupError(query.error) : null;
  if (queryFailure?.kind === 'invalid-link') return <InvalidLink />;

  if (!query.isSuccess) {
    return (
      <PageFrame title={t('mySignup.title')}>
        {query.isError ? (
          <div className="pub-card pub-state-card" data-state="error" role="alert">
            <h2>{t('mySignup.errorTitle')}</h2>
            <p>{queryFailure?.message ?? t('mySignup.connection')}</p>
            <div className="actions">
              <button type="button" className="button" onClick={() => void query.refetch()}>
                {t('mySignup.retry')}
              </button>
            </div>
          </div>
        ) : (
          <Spinner label={t('mySignup.loading')} />
        )}
      </PageFrame>
    );
  }

  const signup = query.data;
  const { status } = signup.registration;
  const actions = actionsFor(status);
  const name = isolate(childName(signup));
  const busy = action.isPending || erase.isPending;

  return (
    <PageFrame title={t('mySignup.title')}>
      <p className="pub-lead">{t('mySignup.lead', { name })}</p>
      {/* Always in the page, so that a message put into it is announced. */}
      <div ref={noticeRef} tabIndex={-1} className="pub-my-signup-notice" role="alert">
        {notice ? <p className="pub-notice pub-notice-warning">{notice}</p> : null}
      </div>

      <StatusCard signup={signup} headingRef={statusRef}>
        {actions.respondToOffer ? (
          <div className="actions">
            <button
              type="button"
              className="button"
              aria-disabled={busy || undefined}
              onClick={() => run('accept')}
            >
              {action.isPending && action.variables === 'accept'
                ? t('mySignup.accepting')
                : t('mySignup.accept')}
            </button>
            <button
              type="button"
              className="button secondary"
              aria-disabled={busy || undefined}
              onClick={() => setConfirm('decline')}
            >
              {t('mySignup.decline')}
            </button>
          </div>
        ) : null}
        {actions.calendar ? (
          <div className="calendar-action">
            <div className="actions">
              <button
                type="button"
                className="button"
                aria-disabled={downloading || undefined}
                aria-describedby="my-signup-calendar-hint"
                onClick={() => void downloadCalendar(signup.activity.title)}
              >
                {downloading ? t('mySignup.downloading') : t('mySignup.calendar')}
              </button>
            </div>
            <p id="my-signup-calendar-hint" className="pub-hint">
              {t('mySignup.calendarHint')}
            </p>
          </div>
        ) : null}
      </StatusCard>

      <Details signup={signup} />

      <ManageCard>
        {actions.withdraw ? (
          <div className="pub-manage-item">
            <p>{t('mySignup.withdrawText')}</p>
            <button
              type="button"
              className="button secondary"
              aria-disabled={busy || undefined}
              onClick={() => setConfirm('withdraw')}
            >
              {t('mySignup.withdraw')}
            </button>
          </div>
        ) : null}
        <div className="pub-manage-item">
          <p>{t('mySignup.eraseText')}</p>
          <button
            type="button"
            className="button secondary pub-danger-outline"
            aria-disabled={busy || undefined}
            onClick={() => setConfirm('erase')}
          >
            {t('mySignup.erase')}
          </button>
        </div>
      </ManageCard>

      {confirm === 'decline' ? (
        <ConfirmDialog
          title={t('mySignup.confirmDecline.title')}
          confirmLabel={t('mySignup.confirmDecline.confirm')}
          busyLabel={t('mySignup.working')}
          cancelLabel={t('mySignup.back')}
          busy={action.isPending}
          destructive
          onConfirm={() => run('decline')}
          onClose={() => setConfirm(null)}
        >
          <p>{t('mySignup.confirmDecline.text', { name })}</p>
        </ConfirmDialog>
      ) : null}
      {confirm === 'withdraw' ? (
        <ConfirmDialog
          title={t('mySignup.confirmWithdraw.title')}
          confirmLabel={t('mySignup.confirmWithdraw.confirm')}
          busyLabel={t('mySignup.working')}
          cancelLabel={t('mySignup.back')}
          busy={action.isPending}
          destructive
          onConfirm={() => run('withdraw')}
          onClose={() => setConfirm(null)}
        >
          <p>
            {t('mySignup.confirmWithdraw.text', {
              name,
              activity: isolate(signup.activity.title),
            })}{' '}
            {withdrawConsequence(status, name, t)}
            {t('mySignup.confirmWithdraw.final')}
          </p>
        </ConfirmDialog>
      ) : null}
      {confirm === 'erase' ? (
        <ConfirmDialog
          title={t('mySignup.confirmErase.title')}
          confirmLabel={t('mySignup.confirmErase.confirm')}
          busyLabel={t('mySignup.working')}
          cancelLabel={t('mySignup.back')}
          busy={erase.isPending}
          destructive
          onConfirm={eraseData}
          onClose={() => setConfirm(null)}
        >
          <p>{t('mySignup.confirmErase.text', { name })}</p>
          {isActive(status) ? <p>{t('mySignup.confirmErase.active')}</p> : null}
          <p>{t('mySignup.confirmErase.final')}</p>
        </ConfirmDialog>
      ) : null}
    </PageFrame>
  );
}

function withdrawConsequence(
  status: RegistrationStatus,
  name: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (status === 'approved') return `${t('mySignup.confirmWithdraw.approved')} `;
  if (status === 'waitlisted') return `${t('mySignup.confirmWithdraw.waitlisted', { name })} `;
  return '';
}

function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Page remote={NAMESPACE} page={PAGE} title={title}>
        {children}
      </Page>
      <SiteFooter />
    </>
  );
}

/** R-MY-SIGNUP-VIEW: the status in plain words, with what can be done about it. */
function StatusCard({
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

/** The child and the activity, as the school page shows an activity (R-CAL-RANGE). */
function Details({ signup }: { signup: MySignup }) {
  const { t, i18n } = usePartTranslation('my-signup');
  const [today] = useState(() => new Date());
  const titleId = useId();
  const { activity, registration } = signup;
  const signedUp = dayAndTime(i18n.language, registration.createdAt);
  // Names someone typed (the last item: true) keep their own direction: dir="auto".
  const facts: [string, string, boolean?][] = [
    [t('mySignup.child'), childName(signup), true],
    [t('mySignup.activity'), activity.title, true],
    [t('mySignup.school'), activity.school.name, true],
    [t('mySignup.provider'), activity.provider.name, true],
    [t('mySignup.time'), scheduleText(t, activity)],
    [t('mySignup.block'), activity.block.name, true],
    [t('mySignup.period'), dateRangeText(t, i18n.language, activity.block, today)],
  ];
  if (signedUp) facts.push([t('mySignup.signedUpOn'), signedUp.day]);
  return (
    <section className="pub-card details-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('mySignup.detailsTitle')}</h2>
      <dl className="pub-facts">
        {facts.map(([label, value, typed]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd dir={typed ? 'auto' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ManageCard({ children }: { children: ReactNode }) {
  const { t } = usePartTranslation('my-signup');
  const titleId = useId();
  return (
    <section className="pub-card pub-manage-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('mySignup.manageTitle')}</h2>
      {children}
    </section>
  );
}

/** 403, or no token: the link does not (or no longer) work; whom to ask. */
function InvalidLink() {
  const { t } = usePartTranslation('my-signup');
  const organisation = useOrganisation();
  return (
    <PageFrame title={t('mySignup.invalidTitle')}>
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
    </PageFrame>
  );
}

/** R-ERASE: what the parent sees once the data is gone. */
function Erased() {
  const { t } = usePartTranslation('my-signup');
  const headingRef = useRef<HTMLDivElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <PageFrame title={t('mySignup.erasedTitle')}>
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
    </PageFrame>
  );
}
