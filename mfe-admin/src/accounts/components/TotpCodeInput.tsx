import type { ComponentPropsWithRef } from 'react';

/** The six digits of an authenticator app: numeric keyboard, filled in by the phone's own codes. */
export function TotpCodeInput(props: Omit<ComponentPropsWithRef<'input'>, 'type'>) {
  return (
    <input
      type="text"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={6}
      spellCheck={false}
      className="adm-totp-code"
      {...props}
    />
  );
}
