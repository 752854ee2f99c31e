'use client';
import { RotateCcw } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { useCart } from '@/components/cart/cart-context';
import { reorder } from '@/lib/account/actions';

/** Puts the order's lines back into the cart at today's prices; whatever cannot be bought again is named. */
export function ReorderButton({ orderId, title }: { orderId: string; title: string }) {
  const router = useRouter();
  const { addItem } = useCart();
  const [pending, setPending] = useState(false);

  async function run() {
    if (pending) return;
    setPending(true);
    const result = await reorder({ orderId }).catch(() => null);
    setPending(false);
    if (!result?.ok) {
      toast.error(result?.error ?? 'Failed to reorder. Please try again.', { duration: 4000 });
      return;
    }
    const { lines, unavailable } = result.data;
    for (const line of lines) addItem(line);
    if (lines.length > 0) {
      const pieces = `${lines.length} item${lines.length === 1 ? '' : 's'}`;
      toast.success(`${pieces} from ${title} added to your cart`, {
        action: { label: 'View cart', onClick: () => router.push('/cart') },
      });
    }
    if (unavailable.length > 0) {
      // Names to read: longer than the 4 s error default.
      toast.error(`Not added (no longer available): ${unavailable.join('; ')}`, { duration: 10_000 });
    }
  }

  return (
    <button
      type="button"
      onClick={run}
      disabled={pending}
      aria-busy={pending || undefined}
      aria-label={`Reorder ${title}`}
      className="btn-outline h-10 px-4"
    >
      <RotateCcw aria-hidden className="size-4" />
      {pending ? 'Adding...' : 'Reorder'}
    </button>
  );
}
