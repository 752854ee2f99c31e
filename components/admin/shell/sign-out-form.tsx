import { LogOut } from 'lucide-react';
import { signOut } from '@/lib/auth/actions';
import { ADMIN_LOGIN } from '@/lib/admin/nav';

/** 'Sign out' in the side menu: ends the session and returns to /admin/login. */
export function SignOutForm() {
  return (
    <form action={signOut.bind(null, ADMIN_LOGIN)}>
      <button type="submit" className="flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-left text-sm text-ink-soft hover:bg-neutral-50">
        <LogOut aria-hidden className="size-4" />
        Sign out
      </button>
    </form>
  );
}
