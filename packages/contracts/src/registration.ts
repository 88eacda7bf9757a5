import { z } from 'zod';
import { ageInYears, isValidIsoDate } from './dates.js';
import { wholeNumber } from './numbers.js';
import { identityText } from './identity.js';
import { withoutControlCharacters, withoutInvisibleCharacters } from './plain-text.js';

export const CHILD_GROUPS = ['groep3', 'groep4', 'groep5', 'groep6', 'groep7', 'groep8'] as const;
export const MIN_AGE = 3;
export const MAX_AGE = 18;

const required = (key: string, max = 200) =>
  z
    .string({ error: key })
    .trim()
    .min(1, key)
    .max(max, 'tooLong')
    .refine(withoutControlCharacters, 'controlCharacters')
    .refine(withoutInvisibleCharacters, 'invisibleCharacters');

/**
 * The sign-up form and POST /api/registrations share this schema. `today`
 * is a parameter so that the age rule is testable at its boundaries.
 */
export function registrationSchema(today: () => Date = () => new Date()) {
  return z.object({
    activityId: wholeNumber('invalidType', 1, 2_147_483_647),
    childFirstName: required('childFirstNameRequired', 100),
    childLastName: required('childLastNameRequired', 100),
    childDateOfBirth: z
      .string({ error: 'dateOfBirthRequired' })
      .trim()
      .min(1, 'dateOfBirthRequired')
      .refine(isValidIsoDate, 'dateInvalid')
      .refine((v) => {
        const age = ageInYears(v, today());
        return age >= MIN_AGE && age <= MAX_AGE;
      }, 'childAgeRange'),
    childGroup: z.enum(CHILD_GROUPS, { error: 'childGroupRequired' }),
    parentName: required('parentNameRequired'),
    /** R-NAMES-NORMAL: stored as `identityText` gives it (full-width and invisible ones cleaned). */
    email: z
      .string({ error: 'emailRequired' })
      .overwrite(identityText)
      .max(254, 'emailRequired')
      .pipe(z.email('emailRequired')),
    phone: required('phoneRequired', 40),
    /** R-WAITLIST-JOIN: join the waiting list when the activity is full. */
    waitlist: z.boolean({ error: 'invalidType' }).optional(),
  });
}
export type RegistrationInput = z.infer<ReturnType<typeof registrationSchema>>;

/**
 * The spec's three statuses, and the waiting list's (R-WAITLIST-STATUSES): `waitlisted` (in
 * line, with a position), `offered` (a place held until `offerExpiresAt`) and `withdrawn`.
 */
export const REGISTRATION_STATUSES = [
  'new',
  'approved',
  'rejected',
  'waitlisted',
  'offered',
  'withdrawn',
] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The header that carries the parent's own link token (R-MY-SIGNUP-LINK). */
export const MANAGE_TOKEN_HEADER = 'X-Manage-Token';
