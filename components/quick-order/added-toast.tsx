'use client';
import { notify } from '@/components/ui/toaster';
import type { AddToCartInput } from '@/lib/cart/lines';
import { addedLines } from '@/lib/quick-order/grid';

/**
 * Add all's toast: each line with the choices it was added with (a ring's default size too), so none is picked
 * unseen; a long list scrolls. `problems`: lines left in the grid.
 */
export function notifyAdded(inputs: readonly AddToCartInput[], problems: number, viewCart: () => void): void {
  notify((toast) =>
    toast.success(`Added ${inputs.length} ${inputs.length === 1 ? 'item' : 'items'} to cart`, {
      description: (
        <div>
          <ul className="max-h-40 space-y-0.5 overflow-y-auto" data-testid="quick-order-added">
            {addedLines(inputs).map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
          {problems > 0 && <p className="mt-1">{`${problems} ${problems === 1 ? 'line needs' : 'lines need'} attention and stayed here.`}</p>}
        </div>
      ),
      // Longer than the 4 s default: there is a list to read.
      duration: 8000,
      action: { label: 'View Cart', onClick: viewCart },
    }),
  );
}
