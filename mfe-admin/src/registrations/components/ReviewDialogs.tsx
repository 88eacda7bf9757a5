import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminRegistration } from '@nsa/contracts';
import { childNameOf, statusBadgeText } from '../lib/registration-status';
import { placesTaken } from '../../shared/lib/capacity';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';
import { Dialog } from '../../shared/components/Dialog';
import { ConsequenceForm } from '../../shared/components/ConsequenceDialog';
import { CheckboxField, Field } from '../../shared/components/Field';

/** The server's limit on a rejection reason. */
const MAX_REASON_LENGTH = 500;

type ReviewKind = 'approve' | 'reject';

interface ReviewValues {
  sendEmail: boolean;
  reason: string;
}

interface DialogProps<T> {
  /** The sign-up under review; null: closed. */
  registration: AdminRegistration | null;
  busy: boolean;
  onConfirm: (registration: AdminRegistration, values: T) => void;
  onClose: () => void;
}

/** R-REVIEW-SCREEN: approve with a send-email checkbox, on by default. */
export function ApproveDialog(props: DialogProps<{ sendEmail: boolean }>) {
  return <ReviewDialog kind="approve" {...props} />;
}

/** R-REVIEW-SCREEN: reject with an optional reason and a send-email checkbox, on by default. */
export function RejectDialog(props: DialogProps<ReviewValues>) {
  return <ReviewDialog kind="reject" {...props} />;
}

function ReviewDialog({
  kind,
  registration,
  busy,
  onConfirm,
  onClose,
}: DialogProps<ReviewValues> & { kind: ReviewKind }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Dialog
      open={registration !== null}
      title={t(`registrations.${kind}Title`)}
      busy={busy}
      onClose={onClose}
    >
      {registration ? (
        <ReviewForm
          key={registration.id}
          kind={kind}
          registration={registration}
          busy={busy}
          onConfirm={(values) => onConfirm(registration, values)}
          onCancel={onClose}
        />
      ) : null}
    </Dialog>
  );
}

interface FormProps {
  kind: ReviewKind;
  registration: AdminRegistration;
  busy: boolean;
  onConfirm: (values: ReviewValues) => void;
  onCancel: () => void;
}

function ReviewForm({ kind, registration: r, busy, onConfirm, onCancel }: FormProps) {
  const { t } = useTranslation(NAMESPACE);
  const [sendEmail, setSendEmail] = useState(true);
  const [reason, setReason] = useState('');
  const lang = useLang();
  const badge = statusBadgeText(r, lang);
  const approve = kind === 'approve';

  return (
    <ConsequenceForm
      formTestId={`${kind}-form`}
      lead={
        <dl className="adm-review-summary">
          <div>
            <dt>{t('registrations.col.child')}</dt>
            <dd>{childNameOf(r) ?? t('registrations.erased')}</dd>
          </div>
          {r.status !== 'new' ? (
            <div>
              <dt>{t('registrations.col.status')}</dt>
              <dd>{t(badge.key, badge.values)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('registrations.col.activity')}</dt>
            <dd>
              {r.activity.title}
              <span className="adm-cell-hint">{r.activity.school.name}</span>
            </dd>
          </div>
          <div>
            <dt>{t('registrations.col.capacity')}</dt>
            <dd className="adm-numeric">
              {placesTaken(r.activity)}/{r.activity.capacity}
            </dd>
          </div>
        </dl>
      }
      confirmLabel={t(approve ? 'registrations.approve' : 'registrations.reject')}
      busyLabel={t(approve ? 'registrations.approving' : 'registrations.rejecting')}
      tone={approve ? '' : 'adm-danger'}
      busy={busy}
      onConfirm={() => onConfirm({ sendEmail, reason })}
      onCancel={onCancel}
    >
      {kind === 'reject' ? <ReasonField value={reason} onChange={setReason} /> : null}
      <CheckboxField
        name="sendEmail"
        label={t('registrations.sendEmail')}
        hint={t(approve ? 'registrations.sendEmailApprove' : 'registrations.sendEmailReject', {
          email: r.email,
        })}
        checked={sendEmail}
        onChange={setSendEmail}
      />
    </ConsequenceForm>
  );
}

/** A rejection's optional reason, of one sign-up or of a bulk reject. */
export function ReasonField({
  value,
  onChange,
}: {
  value: string;
  onChange: (reason: string) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Field
      label={t('registrations.reason')}
      hint={t('registrations.reasonHint', { max: MAX_REASON_LENGTH })}
    >
      {(control) => (
        <textarea
          {...control}
          name="reason"
          rows={3}
          maxLength={MAX_REASON_LENGTH}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
