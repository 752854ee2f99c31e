'use client';
import { useEffect, useRef, useState } from 'react';
import {
  formatCardNumber,
  formatExpiry,
  validateCard,
  type CardErrors,
  type CardFields,
} from '@/lib/checkout/card';
import { confirmWithStandIn } from '@/lib/checkout/browser-payment';
import { TextField } from '../ui/field';
import type { PaymentFormProps } from './payment-method';

/**
 * Offline payment form: card number, expiry and CVC, confirmed by the browser directly with the Stripe stand-in
 * (publishable key and client secret, the way Stripe.js confirms). The card never passes through the shop's server.
 */
export function TestCardForm({
  apiBase,
  publishableKey,
  clientSecret,
  paymentIntentId,
  disabled,
  register,
}: PaymentFormProps & { apiBase: string; publishableKey: string }) {
  const [card, setCard] = useState<CardFields>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const cardRef = useRef(card);
  cardRef.current = card;

  useEffect(() => {
    register({
      validate() {
        const found = validateCard(cardRef.current);
        setErrors(found);
        return Object.keys(found).length === 0;
      },
      confirm: ({ billing, returnUrl }) =>
        confirmWithStandIn({ apiBase, publishableKey, clientSecret, paymentIntentId, card: cardRef.current, billing, returnUrl }),
    });
    return () => register(null);
  }, [apiBase, publishableKey, clientSecret, paymentIntentId, register]);

  const set = (field: keyof CardFields, value: string) => {
    setCard((c) => ({ ...c, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="rounded-md border border-gold/40 bg-ivory-deep px-4 py-3 text-sm text-ink-soft">
        Test mode: no real card is charged. Use <span className="tabular font-medium text-ink">4242 4242 4242 4242</span>{' '}
        with any future date and any CVC; <span className="tabular">4000 0000 0000 0002</span> is declined.
      </p>
      <div className="grid grid-cols-2 gap-4">
        <TextField
          id="card-number"
          name="cardnumber"
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={card.number}
          error={errors.number}
          disabled={disabled}
          onChange={(e) => set('number', formatCardNumber(e.target.value))}
          fieldClassName="col-span-2"
          className="tabular"
        />
        <TextField
          id="card-expiry"
          name="exp-date"
          label="Expiry (MM / YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={card.expiry}
          error={errors.expiry}
          disabled={disabled}
          onChange={(e) => set('expiry', formatExpiry(e.target.value))}
          className="tabular"
        />
        <TextField
          id="card-cvc"
          name="cvc"
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="CVC"
          maxLength={4}
          value={card.cvc}
          error={errors.cvc}
          disabled={disabled}
          onChange={(e) => set('cvc', e.target.value.replace(/\D/g, '').slice(0, 4))}
          className="tabular"
        />
      </div>
    </div>
  );
}
