import { z } from 'zod';
import { ageInYears, isValidIsoDate } from './dates.js';
import { wholeNumber } from './numbers.js';

export const CHILD_GROUPS = ['groep3', 'groep4', 'groep5', 'groep6', 'groep7', 'groep8'] as const;
export type ChildGroup = (typeof CHILD_GROUPS)[number];
export const MIN_AGE = 3;
export const MAX_AGE = 18;

const required = (key: string, max = 200) =>
  z.string({ error: key }).trim().min(1, key).max(max, 'tooLong');

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
    email: z
      .string({ error: 'emailRequired' })
      .trim()
      .max(254, 'emailRequired')
      .pipe(z.email('emailRequired')),
    phone: required('phoneRequired', 40),
  });
}
export type RegistrationInput = z.infer<ReturnType<typeof registrationSchema>>;

export type RegistrationStatus = 'new' | 'approved' | 'rejected';

/** 201 answer of POST /api/registrations. */
export interface RegistrationCreated {
  success: true;
  registration: { id: number; status: RegistrationStatus };
}
