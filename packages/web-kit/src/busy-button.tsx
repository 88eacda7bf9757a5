import type { ButtonHTMLAttributes } from 'react';

/** A button that is disabled, and announced as busy, while its action runs. */
export function BusyButton({
  busy,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean }) {
  return <button type={type} disabled={busy} aria-busy={busy} {...props} />;
}
