'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { supabaseBrowser } from '@/lib/supabase/browser';

export function SignOutButton({ to = '/login' }: { to?: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await supabaseBrowser().auth.signOut();
        router.replace(to);
        router.refresh();
      }}
      className="rounded border border-stone-line px-4 py-2 text-sm hover:border-ink disabled:opacity-60"
    >
      Sign Out
    </button>
  );
}
