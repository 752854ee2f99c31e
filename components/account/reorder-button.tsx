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
    const { lines, changes } = result.data;
    for (const line of lines) addItem(line);
    // What changed since the order, line by line: to read, so longer than the 4 s default.
    const changed = changes.filter((c) => c.kind !== 'gone');
    const gone = changes.filter((c) => c.kind === 'gone');
    const list = (items: typeof changes) => (
      <ul className="mt-1 list-disc space-y-0.5 pl-4">
        {items.map((c, i) => (
          <li key={i}>
            {c.line}: {c.change}
          </li>
        ))}
      </ul>
    );
    if (lines.length > 0) {
      const pieces = `${lines.length} item${lines.length === 1 ? '' : 's'}`;
      toast.success(`${pieces} from ${title} added to your cart`, {
        action: { label: 'View cart', onClick: () => router.push('/cart') },
        ...(changed.length > 0 ? { description: <div data-testid="reorder-changes">Changed since this order:{list(changed)}</div>, duration: 15_000 } : {}),
      });
    }
    if (gone.length > 0) {
      toast.error('Not added (no longer sold):', { description: <div data-testid="reorder-gone">{list(gone)}</div>, duration: 15_000 });
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
