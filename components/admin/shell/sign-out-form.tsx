import { LogOut } from 'lucide-react';
import { signOutAdmin } from '@/lib/admin/auth/actions';

/** 'Sign out' in the side menu: ends this browser's session and returns to /admin/login. */
export function SignOutForm() {
  async function signOut(form: FormData) {
    'use server';
    await signOutAdmin(form);
  }
  return (
    <form action={signOut}>
      <button type="submit" className="flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-left text-sm text-ink-soft hover:bg-neutral-50">
        <LogOut aria-hidden className="size-4" />
        Sign out
      </button>
    </form>
  );
}
