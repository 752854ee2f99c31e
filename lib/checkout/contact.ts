// The buyer's e-mail address at checkout: where the order confirmation, invoice, dispatch and refund mails go.
// Pure and free of zod, so the checkout form checks it as the server's schema does (address-schema.ts).

export const EMAIL_REQUIRED = 'Email address is required';
export const EMAIL_INVALID = 'Please enter a valid email address';
const EMAIL_MAX = 320;

/** One address, one line: something@domain.tld, nothing a mail header could be tricked with. */
const EMAIL_PATTERN = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/;

/** The message for an e-mail address as typed, or null when it will do. */
export function emailError(value: string): string | null {
  const email = value.trim();
  if (!email) return EMAIL_REQUIRED;
  return email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email) ? null : EMAIL_INVALID;
}
