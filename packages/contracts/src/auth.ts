import { z } from 'zod';
import { withoutControlCharacters, withoutInvisibleCharacters } from './plain-text.js';

/**
 * Schemas of the identity calls, shared by svc-identity and the admin forms.
 * Messages are keys of VALIDATION_MESSAGES so that both sides answer in nl and en.
 */
export const ROLES = ['admin', 'provider'] as const;
export type Role = (typeof ROLES)[number];

/** An email address as every form takes it: trimmed, at most 254 characters. */
export const emailAddress = z
  .string({ error: 'emailInvalid' })
  .trim()
  .max(254, 'emailInvalid')
  .pipe(z.email('emailInvalid'));

const password = z
  .string({ error: 'passwordRequired' })
  .min(1, 'passwordRequired')
  .max(1024, 'passwordTooLong');

/** R-TOTP: the six digits an authenticator app shows (RFC 6238, 30-second steps). */
export const totpCode = z
  .string({ error: 'totpCodeInvalid' })
  .trim()
  .regex(/^\d{6}$/, 'totpCodeInvalid');

/** R-TOTP: the form a recovery code is compared in: without spaces and dashes, lower case. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

/** R-TOTP: one of the recovery codes given at enrolment; spaces and dashes are ignored. */
export const recoveryCode = z
  .string({ error: 'recoveryCodeInvalid' })
  .trim()
  .max(40, 'recoveryCodeInvalid')
  .transform(normaliseRecoveryCode)
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, 'recoveryCodeInvalid'));

/**
 * Email and password, and for an account with two-step login its current code or one of its
 * recovery codes (R-TOTP).
 */
export const loginSchema = z.object({
  email: emailAddress,
  password,
  code: totpCode.optional(),
  recoveryCode: recoveryCode.optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** R-TOTP: confirms an enrolment with the first code of the new secret. */
export const totpEnableSchema = z.object({
  ticket: z.string({ error: 'tokenRequired' }).min(1, 'tokenRequired').max(2048, 'tokenInvalid'),
  code: totpCode,
});
export type TotpEnableInput = z.infer<typeof totpEnableSchema>;

/** R-TOTP: turning two-step login off asks for the password again. */
export const totpDisableSchema = z.object({ password });

export const requestResetSchema = z.object({ email: emailAddress });

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
    .refine(withoutControlCharacters, 'controlCharacters')
    .refine(withoutInvisibleCharacters, 'invisibleCharacters'),
  email: emailAddress,
  role: z.enum(ROLES, { error: 'roleInvalid' }).default('admin'),
});
export type AdminUserInput = z.infer<typeof adminUserSchema>;
