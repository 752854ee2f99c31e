'use client';
// The choice between the card and the buyer's payment terms, shown only to a buyer whose trade account has terms.
import { CHECKOUT_INVOICE_PATH, type CheckoutErrorResponse, type TermsOffer } from '@/lib/checkout/api';
import { TERMS_CHECKOUT, termsOptionLabel } from '@/lib/terms/labels';

export type PayBy = 'card' | 'invoice';

export function TermsChoice({ terms, value, disabled, onChange }: { terms: TermsOffer; value: PayBy; disabled: boolean; onChange(v: PayBy): void }) {
  const option = (v: PayBy, label: string) => (
    <label className="flex cursor-pointer items-center gap-3 rounded-md border border-stone-line px-4 py-3 text-sm has-[:checked]:border-gold-dark has-[:checked]:bg-ivory-deep">
      <input
        type="radio"
        name="pay-by"
        value={v}
        checked={value === v}
        disabled={disabled}
        onChange={() => onChange(v)}
        className="size-4 accent-gold-dark"
      />
      {label}
    </label>
  );
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">{TERMS_CHECKOUT.legend}</legend>
      {option('card', TERMS_CHECKOUT.card)}
      {option('invoice', termsOptionLabel(terms.days))}
      {value === 'invoice' && (
        <p id="terms-hint" className="text-sm text-stone-muted">
          {TERMS_CHECKOUT.invoiceHint(terms.days, terms.dueOn)} {TERMS_CHECKOUT.available(terms.availableCents)}
        </p>
      )}
    </fieldset>
  );
}

/** Places the checkout on terms; null when placed, else the server's words (empty when it could not be reached). */
export async function placeOrderByInvoice(checkoutId: string): Promise<string | null> {
  const placed = await fetch(CHECKOUT_INVOICE_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ checkoutId }),
  }).catch(() => null);
  if (placed?.ok) return null;
  const body = ((await placed?.json().catch(() => null)) ?? {}) as CheckoutErrorResponse;
  return body.error ?? '';
}
