'use client';
// The shipping methods that reach the buyer's address, with their prices, as radio buttons.
import { AlertCircle, Loader2 } from 'lucide-react';
import { formatCents } from '@/lib/core/format/money';
import type { DeliveryState } from './use-delivery';

interface ShippingMethodsProps {
  state: DeliveryState;
  chosen: string | null;
  disabled?: boolean;
  onChoose(methodId: string): void;
}

/** The checkout's "Shipping Method" section. */
export function ShippingMethods(props: ShippingMethodsProps) {
  return (
    <section aria-labelledby="shipping-method-heading" className="flex flex-col gap-4">
      <h2 id="shipping-method-heading" className="text-2xl">
        Shipping Method
      </h2>
      <Methods {...props} />
    </section>
  );
}

function Methods({ state, chosen, disabled, onChoose }: ShippingMethodsProps) {
  if (state.status === 'idle') {
    return <p className="text-sm text-stone-muted">Enter your shipping address to see the shipping methods for it.</p>;
  }
  if (state.status === 'failed') {
    return (
      <p role="alert" className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
        <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
        {state.message}
      </p>
    );
  }
  const quote = state.status === 'ready' ? state.quote : state.previous;
  if (quote && quote.rates.length === 0) {
    return <p className="text-sm text-stone-muted">Shipping is included.</p>;
  }
  return (
    <fieldset className="flex flex-col gap-2" aria-busy={state.status === 'loading' || undefined}>
      <legend className="sr-only">Shipping method</legend>
      {state.status === 'loading' && !quote && (
        <p role="status" className="flex items-center gap-2 text-sm text-stone-muted">
          <Loader2 aria-hidden className="size-4 animate-spin" />
          Finding shipping methods...
        </p>
      )}
      {quote?.rates.map((rate) => (
        <label
          key={rate.methodId}
          className="flex cursor-pointer items-center justify-between gap-4 rounded-md border border-stone-line bg-white px-4 py-3 has-[:checked]:border-gold-dark"
        >
          <span className="flex items-center gap-3">
            <input
              type="radio"
              name="shipping-method"
              value={rate.methodId}
              checked={(chosen ?? quote.methodId) === rate.methodId}
              disabled={disabled}
              onChange={() => onChoose(rate.methodId)}
              className="size-4 accent-gold-dark"
            />
            {rate.name}
          </span>
          <span className="tabular text-sm">{rate.free ? 'Free' : formatCents(rate.cents)}</span>
        </label>
      ))}
    </fieldset>
  );
}
