// The views of the sign-in card and their words: the hosted auth form's default English labels, which the shop's
// customers know (sign_in, sign_up, forgotten_password, magic_link, update_password, verify_otp). Shared by the
// pages and the client form, so no server code here.

export const AUTH_VIEWS = ['sign_in', 'sign_up', 'forgotten_password', 'magic_link', 'update_password', 'verify_otp'] as const;
export type AuthView = (typeof AUTH_VIEWS)[number];

export function isAuthView(value: unknown): value is AuthView {
  return typeof value === 'string' && (AUTH_VIEWS as readonly string[]).includes(value);
}

export const EMAIL_LABEL = 'Email address';
export const EMAIL_PLACEHOLDER = 'Your email address';

export const LINK_TEXT = {
  sign_in: 'Already have an account? Sign in',
  sign_up: "Don't have an account? Sign up",
  magic_link: 'Send a magic link email',
  forgotten_password: 'Forgot your password?',
  /** Not a hosted-form label: the form has no link to its code view, and the shop's magic-link mail carries a code. */
  verify_otp: 'Have a code from the email? Enter it here',
} as const;

export const BUTTON = {
  sign_in: { label: 'Sign in', loading: 'Signing in ...' },
  sign_up: { label: 'Sign up', loading: 'Signing up ...' },
  magic_link: { label: 'Send Magic Link', loading: 'Sending Magic Link ...' },
  forgotten_password: { label: 'Send reset password instructions', loading: 'Sending reset instructions ...' },
  update_password: { label: 'Update password', loading: 'Updating password ...' },
  verify_otp: { label: 'Verify token', loading: 'Signing in ...' },
} as const satisfies Record<AuthView, { label: string; loading: string }>;

export const PASSWORD_FIELD = {
  sign_in: { label: 'Your Password', placeholder: 'Your password', autoComplete: 'current-password' },
  sign_up: { label: 'Create a Password', placeholder: 'Your password', autoComplete: 'new-password' },
  update_password: { label: 'New password', placeholder: 'Your new password', autoComplete: 'new-password' },
} as const;

export const TOKEN_LABEL = 'Token';
export const TOKEN_PLACEHOLDER = 'Your Otp token';

export const CONFIRMATION = {
  sign_up: 'Check your email for the confirmation link',
  magic_link: 'Check your email for the magic link',
  forgotten_password: 'Check your email for the password reset link',
  update_password: 'Your password has been updated',
} as const;

/** Links shown under each view's button, in the hosted form's order. */
export const VIEW_LINKS: Record<AuthView, readonly (keyof typeof LINK_TEXT)[]> = {
  sign_in: ['magic_link', 'forgotten_password', 'sign_up'],
  sign_up: ['magic_link', 'sign_in'],
  magic_link: ['verify_otp', 'sign_in'],
  forgotten_password: ['sign_in'],
  update_password: [],
  verify_otp: ['sign_in'],
};

/** Errors an e-mail link can end with (the /auth/confirm route sends only the code, never free text). */
export const LINK_ERRORS = {
  link_invalid: 'Email link is invalid or has expired',
} as const;
export type LinkError = keyof typeof LINK_ERRORS;

export function linkErrorMessage(code: unknown): string | null {
  return typeof code === 'string' && code in LINK_ERRORS ? LINK_ERRORS[code as LinkError] : null;
}
