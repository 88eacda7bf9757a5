import { z } from 'zod';
import { withoutControlCharacters } from './plain-text.js';

/**
 * Schemas of the identity calls, shared by svc-identity and the admin forms.
 * Messages are keys of VALIDATION_MESSAGES so that both sides answer in nl and en.
 */
export const ROLES = ['admin', 'provider'] as const;
export type Role = (typeof ROLES)[number];

const email = z
  .string({ error: 'emailInvalid' })
  .trim()
  .max(254, 'emailInvalid')
  .pipe(z.email('emailInvalid'));

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: 'passwordRequired' })
    .min(1, 'passwordRequired')
    .max(1024, 'passwordTooLong'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const requestResetSchema = z.object({ email });

export const resetSchema = z.object({
  token: z.string({ error: 'tokenRequired' }).min(1, 'tokenRequired').max(256, 'tokenInvalid'),
  newPassword: z
    .string({ error: 'passwordMin8' })
    .min(8, 'passwordMin8')
    .max(1024, 'passwordTooLong'),
});
export type ResetInput = z.infer<typeof resetSchema>;

/** The reset form adds a confirmation that is checked in the browser and never sent. */
export const resetFormSchema = resetSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'passwordsDiffer',
  });

export const adminUserSchema = z.object({
  name: z
    .string({ error: 'nameMin2' })
    .trim()
    .min(2, 'nameMin2')
    .max(100, 'nameTooLong')
    .refine(withoutControlCharacters, 'controlCharacters'),
  email,
  role: z.enum(ROLES, { error: 'roleInvalid' }).default('admin'),
});
export type AdminUserInput = z.infer<typeof adminUserSchema>;

/** A user as the API shows it: never the password hash. */
export interface PublicUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  createdAt: string;
  updatedAt: string;
  lastLoginAt: string | null;
}
