import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawView } from '@nsa/contracts';
import { BusyButton } from '@nsa/web-kit';
import { NAMESPACE } from '../../namespace';
import { Dialog } from '../../shared/components/Dialog';

interface Props {
  open: boolean;
  view: DrawView;
  busy: boolean;
  /** The server's answer to the last try (a 409: published already, or entries changed). */
  failure: string | null;
  onConfirm: (sendEmail: boolean) => void;
  onClose: () => void;
}

/**
 * R-DRAW-PUBLISH: what publishing does, said before it is done: how many get a place, how many
 * join the waiting list, whether parents are emailed (a checkbox, on by default), and that the
 * seed is revealed and the draw is final.
 */
export function PublishDrawDialog({ open, view, busy, failure, onConfirm, onClose }: Props) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Dialog open={open} title={t('draw.publishTitle')} busy={busy} onClose={onClose}>
      {open ? (
        <PublishForm
          view={view}
          busy={busy}
          failure={failure}
          onConfirm={onConfirm}
          onCancel={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function PublishForm({
  view,
  busy,
  failure,
  onConfirm,
  onCancel,
}: Omit<Props, 'open' | 'onClose'> & { onCancel: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const [sendEmail, setSendEmail] = useState(true);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onConfirm(sendEmail);
  };
  return (
    <form className="adm-form" noValidate onSubmit={submit} data-testid="publish-draw-form">
      {failure ? (
        <p className="adm-form-error" role="alert" data-testid="publish-draw-error">
          {failure}
        </p>
      ) : null}
      <ul className="adm-consequences" data-testid="publish-draw-summary">
        <li>{t('draw.publishPlaced', { count: view.stats.placed })}</li>
        <li>{t('draw.publishWaitlisted', { count: view.stats.waitlisted })}</li>
        <li aria-live="polite">{t(sendEmail ? 'draw.publishEmail' : 'draw.publishNoEmail')}</li>
        <li>{t('draw.publishFinal')}</li>
      </ul>
      <label className="adm-checkbox">
        <input
          type="checkbox"
          name="sendEmail"
          checked={sendEmail}
          onChange={(e) => setSendEmail(e.target.checked)}
        />
        <span>
          {t('draw.sendEmail')}
          <span className="adm-field-hint">{t('draw.sendEmailHint')}</span>
        </span>
      </label>
      <div className="adm-form-actions">
        <BusyButton type="submit" className="button" busy={busy}>
          {busy ? t('draw.publishing') : t('draw.publish')}
        </BusyButton>
        <button type="button" className="button secondary" disabled={busy} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
