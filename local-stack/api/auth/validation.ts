// GoTrue's input rules for emails and passwords.
import { AuthHttpError, badRequest, unprocessable, weakPassword } from './errors';

const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Returns the normalised (trimmed, lower-case) address or throws GoTrue's validation error. */
export function validateEmail(email: string | null | undefined): string {
  const value = (email ?? '').trim();
  if (!value) throw badRequest('validation_failed', 'An email address is required');
  if (value.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL.test(value)) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return value.toLowerCase();
}

/** bcrypt reads at most 72 bytes. */
export const MAX_PASSWORD_LENGTH = 72;

/** The weak-password check (length only, as local config has no required characters or HIBP). */
export function passwordProblems(password: string, minLength: number): AuthHttpError | null {
  if (Buffer.byteLength(password) > MAX_PASSWORD_LENGTH) {
    return unprocessable('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  if (password.length < minLength) {
    return weakPassword(`Password should be at least ${minLength} characters.`, ['length']);
  }
  return null;
}

export function checkPasswordStrength(password: string, minLength: number): void {
  const problem = passwordProblems(password, minLength);
  if (problem) throw problem;
}
