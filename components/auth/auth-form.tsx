'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { supabaseBrowser } from '@/lib/supabase/browser';

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

export function AuthForm({ view, next }: { view: keyof typeof VIEWS; next: string }) {
  const router = useRouter();
  const labels = VIEWS[view];
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setMessage(null);
    const auth = supabaseBrowser().auth;
    const { data, error: authError } =
      view === 'sign_in'
        ? await auth.signInWithPassword({ email, password })
        : await auth.signUp({ email, password, options: { emailRedirectTo: `${window.location.origin}/auth/confirm` } });
    setBusy(false);
    if (authError) {
      setError(authError.message);
      return;
    }
    if (!data.session) {
      setMessage('Check your email for the confirmation link');
      return;
    }
    router.replace(next);
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <div className="space-y-1">
        <label htmlFor="email" className="block text-sm font-medium">
          Email address
        </label>
        <input
          id="email"
          type="email"
          autoComplete="email"
          required
          placeholder="Your email address"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="w-full rounded border border-stone-line bg-white px-3 py-2"
        />
      </div>
      <div className="space-y-1">
        <label htmlFor="password" className="block text-sm font-medium">
          {labels.passwordLabel}
        </label>
        <input
          id="password"
          type="password"
          autoComplete={view === 'sign_in' ? 'current-password' : 'new-password'}
          required
          placeholder="Your password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className="w-full rounded border border-stone-line bg-white px-3 py-2"
        />
      </div>
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded bg-ink px-4 py-2 font-medium text-ivory hover:bg-gold-dark disabled:opacity-60"
      >
        {busy ? labels.loading : labels.button}
      </button>
      <p className="text-center text-sm">
        <Link href={labels.other.href} className="underline underline-offset-2">
          {labels.other.text}
        </Link>
      </p>
      {message && (
        <p role="status" className="text-sm text-ink-soft">
          {message}
        </p>
      )}
      {error && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </form>
  );
}
