// Request bodies of the GoTrue endpoints. Unknown keys (gotrue_meta_security, options, …) are ignored, as Go's
// JSON decoding ignores them; a value of the wrong type is GoTrue's 400 bad_json.
import { z } from 'zod';
import { badRequest } from './errors';

const str = z.string().nullish();
const metadata = z.record(z.string(), z.unknown()).nullish();

export const signupBody = z.object({
  email: str,
  phone: str,
  password: str,
  data: metadata,
  code_challenge: str,
  code_challenge_method: str,
});

export const passwordGrantBody = z.object({ email: str, phone: str, password: str });
export const refreshGrantBody = z.object({ refresh_token: str });
export const pkceGrantBody = z.object({ auth_code: str, code_verifier: str });

export const otpBody = z.object({
  email: str,
  phone: str,
  data: metadata,
  create_user: z.boolean().nullish(),
  channel: str,
  code_challenge: str,
  code_challenge_method: str,
});

export const verifyBody = z.object({
  type: str,
  token: str,
  token_hash: str,
  email: str,
  phone: str,
  redirect_to: str,
});

export const recoverBody = z.object({ email: str, code_challenge: str, code_challenge_method: str });

export const resendBody = z.object({ type: str, email: str, phone: str });

export const userUpdateBody = z.object({
  email: str,
  password: z.string().nullish(),
  data: metadata,
  nonce: str,
  phone: str,
  code_challenge: str,
  code_challenge_method: str,
});

export const adminUserBody = z.object({
  id: str,
  email: str,
  phone: str,
  password: str,
  password_hash: str,
  email_confirm: z.boolean().nullish(),
  phone_confirm: z.boolean().nullish(),
  user_metadata: metadata,
  app_metadata: metadata,
  role: str,
  ban_duration: str,
});

export const adminDeleteBody = z.object({ should_soft_delete: z.boolean().nullish() });

/** Whether any string in a parsed JSON value holds NUL, which no text column can store. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) if (key.includes('\u0000') || holdsNul(item, depth + 1)) return true;
  return false;
}

/** Parses JSON text against a schema; an empty body counts as {}. */
export function parseBody<T extends z.ZodType>(schema: T, raw: Buffer): z.infer<T> {
  let value: unknown = {};
  const text = raw.toString('utf8').trim();
  if (text) {
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw badRequest('bad_json', `Could not parse request body as JSON: ${(err as Error).message}`);
    }
  }
  if (holdsNul(value)) throw badRequest('validation_failed', 'Text values must not contain NUL characters');
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw badRequest('bad_json', `Could not parse request body as JSON: ${where}${issue?.message ?? 'invalid body'}`);
  }
  return result.data;
}
