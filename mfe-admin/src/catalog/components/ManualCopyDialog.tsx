import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { Dialog } from '../../shared/components/Dialog';
import { Field, type ControlProps } from '../../shared/components/Field';

/** null: closed. */
export type ManualCopyState = { label: string; text: string } | null;

/** When the clipboard is out of reach (plain http): the text, selected, to copy by hand. */
export function ManualCopyDialog({
  state,
  onClose,
}: {
  state: ManualCopyState;
  onClose: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Dialog open={state !== null} title={t('common.manualCopyTitle')} onClose={onClose}>
      {state ? (
        <div className="adm-form">
          <p>{t('common.manualCopyText')}</p>
          <Field label={state.label}>
            {(control) => <SelectedInput {...control} value={state.text} />}
          </Field>
          <div className="adm-form-actions">
            <button type="button" className="button" onClick={onClose}>
              {t('common.closeDialog')}
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

function SelectedInput(props: ControlProps & { value: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // After the dialog's showModal (a parent effect, so it runs later) has moved focus.
    const frame = requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.select();
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <input
      {...props}
      ref={ref}
      readOnly
      data-testid="manual-copy"
      onFocus={(event) => event.currentTarget.select()}
    />
  );
}
