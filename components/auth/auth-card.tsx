'use client';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { focusFirstInvalid, TextField } from '@/components/ui/field';
import type { ActionResult } from '@/lib/core/action-result';
import {
  sendMagicLink,
  sendPasswordReset,
  signIn,
  signUp,
  updatePassword,
  verifyEmailCode,
  type AuthOutcome,
} from '@/lib/auth/actions';
import {
  BUTTON,
  EMAIL_LABEL,
  EMAIL_PLACEHOLDER,
  LINK_TEXT,
  PASSWORD_FIELD,
  TOKEN_LABEL,
  TOKEN_PLACEHOLDER,
  VIEW_LINKS,
  type AuthView,
} from '@/lib/auth/views';

export interface AuthCardProps {
  initialView: AuthView;
  /** Where to go after signing in (already checked by safeNextPath on the server). */
  next: string;
  /** A message to open with in the red box (an expired e-mail link). */
  initialError?: string | null;
}

type Values = { email: string; password: string; token: string };
type Action = (input: unknown) => Promise<ActionResult<AuthOutcome>>;

const ACTIONS: Record<AuthView, Action> = {
  sign_in: signIn,
  sign_up: signUp,
  magic_link: sendMagicLink,
  forgotten_password: sendPasswordReset,
  verify_otp: verifyEmailCode,
  update_password: updatePassword,
};

const UNEXPECTED = 'Something went wrong. Please try again.';
const linkClass = 'text-sm text-ink-soft underline underline-offset-4 hover:text-ink';

/**
 * The hosted auth form's six views in one card; links switch the view in place and keep the typed e-mail. Every
 * view posts to a server action; field problems show beside the field, the server's message in the red box.
 */
export function AuthCard({ initialView, next, initialError = null }: AuthCardProps) {
  const [view, setView] = useState<AuthView>(initialView);
  const [values, setValues] = useState<Values>({ email: '', password: '', token: '' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const switched = useRef(false);

  // After a switch, focus lands on the new view's first field, so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [view]);

  function show(nextView: AuthView) {
    switched.current = true;
    setView(nextView);
    setError(null);
    setFieldErrors({});
    setMessage(null);
    setValues((v) => ({ ...v, password: '', token: '' }));
  }

  const edit = (field: keyof Values) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (fieldErrors[field]) setFieldErrors(({ [field]: _gone, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    setFieldErrors({});
    setMessage(null);
    let result: ActionResult<AuthOutcome> | undefined;
    try {
      result = await ACTIONS[view]({ ...values, next });
    } catch {
      result = { ok: false, status: 500, error: UNEXPECTED };
    }
    // No answer: the action redirected and the page is changing.
    if (!result) return;
    setPending(false);
    if (result.ok) {
      if (result.data.view && result.data.view !== view) show(result.data.view);
      setMessage(result.data.message);
      return;
    }
    const fields = result.fieldErrors ?? {};
    setFieldErrors(fields);
    if (Object.keys(fields).length > 0) focusFirstInvalid(form.current);
    // A message already shown beside its field is not repeated in the red box.
    setError(Object.values(fields).includes(result.error) ? null : result.error);
  }

  const hasEmail = view !== 'update_password';
  const password = view === 'sign_in' || view === 'sign_up' || view === 'update_password' ? PASSWORD_FIELD[view] : null;
  const button = BUTTON[view];

  return (
    <div className="rounded-lg border border-stone-line bg-white p-6 shadow-sm sm:p-8">
      <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-4">
        {hasEmail && (
          <TextField
            id="auth-email"
            name="email"
            type="email"
            label={EMAIL_LABEL}
            placeholder={EMAIL_PLACEHOLDER}
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onChange={edit('email')}
            error={fieldErrors.email}
            disabled={pending}
          />
        )}
        {password && (
          <TextField
            id="auth-password"
            name="password"
            type="password"
            label={password.label}
            placeholder={password.placeholder}
            autoComplete={password.autoComplete}
            value={values.password}
            onChange={edit('password')}
            error={fieldErrors.password}
            disabled={pending}
          />
        )}
        {view === 'verify_otp' && (
          <TextField
            id="auth-token"
            name="token"
            label={TOKEN_LABEL}
            placeholder={TOKEN_PLACEHOLDER}
            autoComplete="one-time-code"
            inputMode="numeric"
            value={values.token}
            onChange={edit('token')}
            error={fieldErrors.token}
            disabled={pending}
          />
        )}
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending || undefined}
          className="btn-primary w-full px-4"
        >
          {pending ? button.loading : button.label}
        </button>
      </form>
      {VIEW_LINKS[view].length > 0 && (
        <ul className="mt-5 flex flex-col items-center gap-2 text-center">
          {VIEW_LINKS[view].map((target) => (
            <li key={target}>
              <button type="button" className={linkClass} onClick={() => show(target)}>
                {LINK_TEXT[target]}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div role="status" aria-live="polite">
        {message && (
          <p className="mt-4 rounded-md border border-gold/40 bg-ivory px-3 py-2 text-sm text-ink">{message}</p>
        )}
      </div>
      {error && (
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
