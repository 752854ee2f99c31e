'use client';
// 'Admin Login': e-mail and password to the signInAdmin action, which redirects an admin to the dashboard and answers
// anyone else with the reason (server message, 'You do not have admin permissions', 'Failed to verify admin status').
import { useActionState } from 'react';
import { signInAdmin } from '@/lib/admin/auth/actions';
import type { ActionResult } from '@/lib/core/action-result';
import { AdminField } from '../field';

const LABEL = 'mb-1 block text-sm font-medium';

type State = (ActionResult<never> & { ok: false }) | null;

async function submit(_prev: State, form: FormData): Promise<State> {
  const result = await signInAdmin(form);
  return result.ok ? null : result;
}

export function AdminLoginForm() {
  const [state, action, pending] = useActionState(submit, null);
  const fieldError = (name: string) => state?.fieldErrors?.[name];
  return (
    <form action={action} className="space-y-4" noValidate>
      <AdminField label="Email address" error={fieldError('email')} labelClassName={LABEL}>
        {(control) => <input {...control} name="email" type="email" autoComplete="username" required className="adm-input h-10" />}
      </AdminField>
      <AdminField label="Password" error={fieldError('password')} labelClassName={LABEL}>
        {(control) => <input {...control} name="password" type="password" autoComplete="current-password" required className="adm-input h-10" />}
      </AdminField>
      <button type="submit" disabled={pending} className="adm-btn-primary h-10 w-full">
        {pending ? 'Signing in...' : 'Sign in'}
      </button>
      {state && !state.fieldErrors && (
        <p role="alert" className="adm-error">
          {state.error}
        </p>
      )}
    </form>
  );
}
