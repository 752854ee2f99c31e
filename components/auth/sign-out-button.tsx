'use client';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { signOut } from '@/lib/auth/actions';

/** Ends this browser's session on the server (cookies cleared in the answer) and goes to `to`. */
export function SignOutButton({ to = '/login' }: { to?: string }) {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      aria-busy={pending || undefined}
      onClick={async () => {
        setPending(true);
        const result = await signOut({ to }).catch(() => null);
        // An answer means no redirect happened (it failed): let the person try again.
        if (result !== undefined) setPending(false);
      }}
      className="inline-flex h-10 items-center gap-2 rounded-md border border-stone-line bg-white px-4 text-sm text-ink hover:border-ink disabled:opacity-60"
    >
      <LogOut aria-hidden className="size-4" />
      Sign Out
    </button>
  );
}
