import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import type { ControlProps } from '../../shared/components/Field';

type Props = ControlProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'>;

/** A password input with a show/hide toggle (a real button, aria-pressed tells its state). */
export function PasswordInput(props: Props) {
  const { t } = useTranslation(NAMESPACE);
  const [visible, setVisible] = useState(false);
  return (
    <div className="adm-password-input">
      <input {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="adm-password-toggle"
        aria-controls={props.id}
        aria-pressed={visible}
        aria-label={t(visible ? 'password.hide' : 'password.show')}
        onClick={() => setVisible((v) => !v)}
      >
        {t(visible ? 'password.hideShort' : 'password.showShort')}
      </button>
    </div>
  );
}
