import {
  SIGN_UP_FIELD_LABELS,
  signUpFieldLabel,
  type SignUpField,
} from '@nsa/contracts/sign-up-fields';
import type { StaffLang } from '@nsa/contracts';

// The sign-up table's columns after the child's name, in order (R-REVIEW-SCREEN).
export const COLUMNS = [
  'age',
  'childGroup',
  'parent',
  'email',
  'phone',
  'activity',
  'status',
  'capacity',
  'emailSent',
  'date',
] as const;

export type Column = (typeof COLUMNS)[number];

/**
 * The form's fields whose column has a header of the list's own (`registrations.col.<column>`),
 * shorter than the form's label: 'E-mail' and 'Telefoon' for 'E-mailadres' and
 * 'Telefoonnummer'. The list's parent column ('Ouder') is no field of the form by name.
 */
const OWN_FIELD_HEADERS: ReadonlySet<string> = new Set<SignUpField>(['email', 'phone']);

const isSignUpField = (column: string): column is SignUpField =>
  Object.hasOwn(SIGN_UP_FIELD_LABELS, column);

/**
 * A column's header in the screen's language (`t` is the remote's): a field of the sign-up form
 * is headed by the form's own label of it (one text for both sides, so a new field's column
 * needs no text of its own), any other column by the list's `registrations.col.<column>`.
 */
export function columnHeader(column: Column, t: (key: string) => string, lang: StaffLang): string {
  return isSignUpField(column) && !OWN_FIELD_HEADERS.has(column)
    ? signUpFieldLabel(column, lang)
    : t(`registrations.col.${column}`);
}

// Not worth a column on paper, where eleven columns are already tight.
export const PRINT_HIDDEN: ReadonlySet<string> = new Set(['emailSent']);
