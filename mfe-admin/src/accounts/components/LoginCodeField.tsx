import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../shared/components/Field';
import { TotpCodeInput } from './TotpCodeInput';
import { NAMESPACE } from '../../namespace';

interface Props {
  /** A recovery code instead of the app's code. */
  recovery: boolean;
  values: { code: string; recoveryCode: string };
  errors: { code?: string; recoveryCode?: string };
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (field: 'code' | 'recoveryCode', value: string) => void;
  onSwitch: () => void;
}

/** R-TOTP: the login's second step: the app's code or a recovery code, and a switch between them. */
export function LoginCodeField({ recovery, values, errors, inputRef, onChange, onSwitch }: Props) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      {recovery ? (
        <Field
          label={t('totp.recoveryLabel')}
          error={errors.recoveryCode}
          hint={t('totp.recoveryHint')}
        >
          {(control) => (
            <input
              {...control}
              ref={inputRef}
              type="text"
              name="recoveryCode"
              autoComplete="off"
              spellCheck={false}
              value={values.recoveryCode}
              onChange={(e) => onChange('recoveryCode', e.target.value)}
            />
          )}
        </Field>
      ) : (
        <Field label={t('totp.codeLabel')} error={errors.code} hint={t('totp.codeHint')}>
          {(control) => (
            <TotpCodeInput
              {...control}
              ref={inputRef}
              value={values.code}
              onChange={(e) => onChange('code', e.target.value)}
            />
          )}
        </Field>
      )}
      <button type="button" className="adm-link-button" onClick={onSwitch}>
        {recovery ? t('totp.useApp') : t('totp.useRecovery')}
      </button>
    </>
  );
}
