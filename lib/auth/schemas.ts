// Inputs of the auth actions. E-mail and code go through the shop's text rules; a password is taken exactly as
// typed (no trimming or normalising: that would change the secret), refusing only control characters.
import { z } from 'zod';
import { emailText, hasForbiddenCharacters, text } from '../core/validation/text';

/** bcrypt, behind Supabase Auth, reads at most 72 bytes. */
export const MAX_PASSWORD_BYTES = 72;

export const PASSWORD_REQUIRED = 'Password is required';
export const TOKEN_INVALID = 'Please enter the 6-digit code from the email';

const password = z
  .string({ error: PASSWORD_REQUIRED })
  .min(1, { error: PASSWORD_REQUIRED })
  .refine((v) => !hasForbiddenCharacters(v), { error: 'Password must not contain control characters' })
  .refine((v) => new TextEncoder().encode(v).length <= MAX_PASSWORD_BYTES, {
    error: `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`,
  });

/** Where to go after signing in: checked again by safeNextPath before any redirect. */
const next = z.string().max(2048).optional().catch(undefined);

export const credentialsSchema = z.object({ email: emailText(), password, next });
export const emailOnlySchema = z.object({ email: emailText(), next });
export const verifyCodeSchema = z.object({
  email: emailText(),
  token: text({ max: 10, min: 1, minMessage: TOKEN_INVALID }).pipe(z.string().regex(/^\d{6,10}$/, { error: TOKEN_INVALID })),
  next,
});
export const newPasswordSchema = z.object({ password });
/** { to } or, as `signOut.bind(null, '/admin/login')` in a form sends it, the path alone. */
export const signOutSchema = z.union([
  z.object({ to: z.string().max(2048).optional().catch(undefined) }),
  z
    .string()
    .max(2048)
    .transform((to) => ({ to })),
]);

export type Credentials = z.infer<typeof credentialsSchema>;
