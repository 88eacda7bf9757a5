import { registrationSchema, VALIDATION_MESSAGES } from '@nsa/contracts';
import { SIGN_UP_FIELDS, type SignUpField } from '@nsa/contracts/sign-up-fields';

/**
 * The form's fields, in screen order: those the labels declare (the schema's, a test holds them
 * alike), so a new field of the form is its schema entry, its label and its control.
 */
const REGISTRATION_FIELDS: readonly SignUpField[] = SIGN_UP_FIELDS;
export type RegistrationField = SignUpField;
export type RegistrationValues = Record<RegistrationField, string>;
export type FieldErrors = Partial<Record<RegistrationField, string>>;

/** Every field empty, as the dialog opens. */
export const EMPTY_REGISTRATION = Object.fromEntries(
  REGISTRATION_FIELDS.map((field) => [field, '']),
) as RegistrationValues;

const SHAPE = registrationSchema().shape;

/** Whether the schema lets the parent leave a field out: the form then marks it not required. */
export function isOptionalField(field: RegistrationField): boolean {
  return SHAPE[field].safeParse(undefined).success;
}

const isField = (name: unknown): name is RegistrationField =>
  typeof name === 'string' && (REGISTRATION_FIELDS as readonly string[]).includes(name);

/**
 * The schema's messages are keys of VALIDATION_MESSAGES; unknown keys read as 'Invalid value'.
 * In the page's language, or Dutch where the contracts have no text in it.
 */
export function validationText(key: string, language: string): string {
  const message = (VALIDATION_MESSAGES[key] ?? VALIDATION_MESSAGES.invalidType)!;
  return (message as Partial<Record<string, string>>)[language] ?? message.nl;
}

/** First message per field, translated, from zod issues ({path, message}). */
export function fieldErrorsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  language: string,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isField(field) && errors[field] === undefined) {
      errors[field] = validationText(issue.message, language);
    }
  }
  return errors;
}

/** Server field errors (already in the request's language) for the fields the form has. */
export function fieldErrorsFromServer(fields: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, message] of Object.entries(fields)) {
    if (isField(name)) errors[name] = message;
  }
  return errors;
}

export function firstInvalidField(errors: FieldErrors): RegistrationField | undefined {
  return REGISTRATION_FIELDS.find((field) => errors[field] !== undefined);
}
