import type { ReactNode } from 'react';

/**
 * The ids of a form field's hint and error text, and the aria-describedby of
 * its control, which names those that are shown.
 */
export function fieldIds(id: string, hint: ReactNode, error: ReactNode) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return { hintId, errorId, describedBy: describedBy || undefined };
}

/**
 * A field's hint or error text under its id; nothing without a text. Its class is the remote's
 * own (adm-field-error, pub-field-error): each remote styles its notes in its own stylesheet.
 */
export function FieldNote({
  id,
  className,
  children,
}: {
  id: string;
  className: string;
  children: ReactNode;
}) {
  return children ? (
    <p id={id} className={className}>
      {children}
    </p>
  ) : null;
}
