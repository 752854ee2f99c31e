'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { acceptTradeInvite } from '@/lib/trade/colleagues/actions';
import { COLLEAGUE_ERRORS, JOIN_PAGE } from '@/lib/trade/colleague-labels';
import { TRADE_ACCOUNT_PATH } from '@/lib/trade/types';

/** Joins the account, then opens the buyer's trade tab; a refusal is said and the page read again to show why. */
export function AcceptInvite({ token }: { token: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function accept() {
    if (pending) return;
    setPending(true);
    const result = await acceptTradeInvite({ token }).catch(() => null);
    if (result?.ok) {
      toast.success(result.message ?? '');
      router.push(TRADE_ACCOUNT_PATH);
      return;
    }
    setPending(false);
    toast.error(result && result.status < 500 ? result.error : COLLEAGUE_ERRORS.acceptFailed, { duration: 6000 });
    router.refresh();
  }

  return (
    <button type="button" onClick={accept} disabled={pending} aria-busy={pending || undefined} className="btn-primary w-fit">
      {pending ? JOIN_PAGE.accepting : JOIN_PAGE.accept}
    </button>
  );
}
