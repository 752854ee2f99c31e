import { signOut } from '@/lib/auth/actions';

export function SignOutButton({ to = '/login' }: { to?: string }) {
  return (
    <form action={signOut.bind(null, to)}>
      <button type="submit" className="rounded border border-stone-line px-4 py-2 text-sm hover:border-ink">
        Sign Out
      </button>
    </form>
  );
}
