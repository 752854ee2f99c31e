'use client';
import Link from 'next/link';
import { useActionState } from 'react';
import { authenticate, type AuthFormState } from '@/lib/auth/actions';

// Labels are the hosted auth form's defaults, which the shop's customers know.
const VIEWS = {
  sign_in: {
    passwordLabel: 'Your Password',
    button: 'Sign in',
    loading: 'Signing in ...',
    other: { href: '/register', text: "Don't have an account? Sign up" },
  },
  sign_up: {
    passwordLabel: 'Create a Password',
    button: 'Sign up',
    loading: 'Signing up ...',
    other: { href: '/login', text: 'Already have an account? Sign in' },
  },
} as const;

const initial: AuthFormState = { error: null, message: null, email: '' };

export function AuthForm({ view, next }: { view: keyof typeof VIEWS; next: string }) {
  const labels = VIEWS[view];
  const [state, action, pending] = useActionState(authenticate, initial);

  return (
    <form action={action} className="space-y-4">
      <input type="hidden" name="view" value={view} />
      <input type="hidden" name="next" value={next} />
      <div className="space-y-1">
        <label htmlFor="email" className="block text-sm font-medium">
          Email address
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          placeholder="Your email address"
          defaultValue={state.email}
          className="w-full rounded border border-stone-line bg-white px-3 py-2"
        />
      </div>
      <div className="space-y-1">
        <label htmlFor="password" className="block text-sm font-medium">
          {labels.passwordLabel}
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete={view === 'sign_in' ? 'current-password' : 'new-password'}
          required
          placeholder="Your password"
          className="w-full rounded border border-stone-line bg-white px-3 py-2"
        />
      </div>
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded bg-ink px-4 py-2 font-medium text-ivory hover:bg-gold-dark disabled:opacity-60"
      >
        {pending ? labels.loading : labels.button}
      </button>
      <p className="text-center text-sm">
        <Link href={labels.other.href} className="underline underline-offset-2">
          {labels.other.text}
        </Link>
      </p>
      {state.message && (
        <p role="status" className="text-sm text-ink-soft">
          {state.message}
        </p>
      )}
      {state.error && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.error}
        </p>
      )}
    </form>
  );
}
