'use client';
import { Loader2, Truck } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSignedIn } from '@/components/shop/header/use-signed-in';
import { inputClass } from '@/components/ui/field';
import type { CartItem } from '@/lib/cart/types';
import { countries } from '@/lib/checkout/countries';
import { formatCents } from '@/lib/core/format/money';
import { shippingDestination } from '@/lib/shipping/postal';

export const ESTIMATE_PATH = '/api/shipping/estimate';
export const ESTIMATE_NOTE = 'Shipping and sales tax are worked out at checkout.';
const FAILED = 'Could not estimate shipping. Please try again.';
// Quantities typed one after another are estimated once, after the last.
const REESTIMATE_DELAY_MS = 600;

interface Rate {
  methodId: string;
  name: string;
  cents: number;
  free: boolean;
}

interface Destination {
  country: string;
  postalCode: string;
}

type Result =
  | { kind: 'idle' }
  | { kind: 'loading'; to: Destination }
  | { kind: 'rates'; to: Destination; rates: Rate[]; message: string | null }
  | { kind: 'failed'; to: Destination; message: string };

/** The cart's lines as the estimate takes them (the checkout's shape: the server reads prices and weights itself). */
const estimateLines = (items: readonly CartItem[]) =>
  items.map((item) => ({
    productId: item.productId,
    quantity: item.quantity,
    specifications: { stoneType: item.specifications.stoneType ?? null, size: item.specifications.size ?? null, style: item.specifications.style ?? null },
  }));

/**
 * 'Estimate shipping': a country and postal code (a signed-in buyer's default shipping address to start with) priced
 * by the shop's methods for this cart. Only a guide: checkout prices shipping and tax from the full address.
 */
export function ShippingEstimate({ items }: { items: readonly CartItem[] }) {
  const id = useId();
  const signedIn = useSignedIn();
  const list = useMemo(() => countries(), []);
  const [country, setCountry] = useState('US');
  const [postalCode, setPostalCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<Result>({ kind: 'idle' });
  const postalRef = useRef<HTMLInputElement>(null);
  const typed = useRef(false);
  const inFlight = useRef<AbortController | null>(null);
  const lines = useMemo(() => estimateLines(items), [items]);
  const linesRef = useRef(lines);
  linesRef.current = lines;
  const linesKey = JSON.stringify(lines);
  // The lines the shown (or coming) estimate was asked for.
  const estimatedKey = useRef(linesKey);

  const estimate = useCallback(async (to: Destination) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setResult({ kind: 'loading', to });
    estimatedKey.current = JSON.stringify(linesRef.current);
    try {
      const res = await fetch(ESTIMATE_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ lines: linesRef.current, ...to }),
        signal: controller.signal,
      });
      const body = (await res.json().catch(() => ({}))) as { rates?: Rate[]; message?: string | null; error?: string; details?: Record<string, unknown> };
      if (res.ok && Array.isArray(body.rates)) {
        setResult({ kind: 'rates', to, rates: body.rates, message: body.message ?? null });
        return;
      }
      const fieldMessage = body.details?.postalCode ?? body.details?.country;
      if (res.status === 400 && typeof fieldMessage === 'string') {
        setFieldError(fieldMessage);
        setResult({ kind: 'idle' });
        postalRef.current?.focus();
        return;
      }
      setResult({ kind: 'failed', to, message: body.error || FAILED });
    } catch {
      if (!controller.signal.aborted) setResult({ kind: 'failed', to, message: FAILED });
    }
  }, []);

  const submit = () => {
    const checked = shippingDestination(country, postalCode);
    if ('error' in checked) {
      setFieldError(checked.error);
      postalRef.current?.focus();
      return;
    }
    setFieldError(null);
    void estimate({ country, postalCode: postalCode.trim() });
  };

  // A signed-in buyer's form opens with their default shipping address, estimated at once (unless they typed first).
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    fetch(ESTIMATE_PATH, { signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ destination?: Destination | null }>) : null))
      .then((body) => {
        const saved = body?.destination;
        if (!saved || typed.current || !list.some((c) => c.code === saved.country)) return;
        setCountry(saved.country);
        setPostalCode(saved.postalCode);
        if (!('error' in shippingDestination(saved.country, saved.postalCode))) void estimate(saved);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [signedIn, list, estimate]);

  // The cart changed under an estimate: the same address again, for the new goods and weight.
  const shownFor = result.kind === 'rates' || result.kind === 'failed' ? result.to : null;
  useEffect(() => {
    if (!shownFor || estimatedKey.current === linesKey) return;
    const timer = setTimeout(() => void estimate(shownFor), REESTIMATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [linesKey, shownFor, estimate]);
  useEffect(() => () => inFlight.current?.abort(), []);

  const us = country === 'US';
  const loading = result.kind === 'loading';
  const placeName = (to: Destination) => [to.postalCode, list.find((c) => c.code === to.country)?.name ?? to.country].filter(Boolean).join(', ');

  return (
    <section className="rounded-lg border border-stone-line bg-white p-6" aria-labelledby={`${id}-heading`} data-testid="shipping-estimate">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg">
        <Truck aria-hidden className="size-5 stroke-[1.5] text-gold-dark" />
        Estimate shipping
      </h2>
      <form
        className="mt-4 flex flex-col gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-country`} className="text-sm font-medium text-ink-soft">
            Country
          </label>
          <select
            id={`${id}-country`}
            value={country}
            autoComplete="shipping country"
            onChange={(e) => {
              typed.current = true;
              setCountry(e.target.value);
              setFieldError(null);
            }}
            className={`${inputClass} border-stone-line pr-8`}
          >
            {list.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-postal`} className="text-sm font-medium text-ink-soft">
            {us ? 'ZIP code' : 'Postal code'}
            {!us && <span className="font-normal text-stone-muted"> (optional)</span>}
          </label>
          <div className="flex gap-2">
            <input
              ref={postalRef}
              id={`${id}-postal`}
              value={postalCode}
              inputMode={us ? 'numeric' : 'text'}
              autoComplete="shipping postal-code"
              maxLength={12}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-postal-error` : undefined}
              onChange={(e) => {
                typed.current = true;
                setPostalCode(e.target.value);
                setFieldError(null);
              }}
              className={`${inputClass} min-w-0 flex-1 ${fieldError ? 'border-red-700' : 'border-stone-line'}`}
            />
            <button type="submit" disabled={loading} className="btn-outline h-11 shrink-0 px-4">
              {loading && <Loader2 aria-hidden className="size-4 animate-spin" />}
              Estimate
            </button>
          </div>
          {fieldError && (
            <p id={`${id}-postal-error`} className="text-sm text-red-700">
              {fieldError}
            </p>
          )}
        </div>
      </form>

      <div className="mt-4" aria-live="polite" aria-busy={loading} data-testid="shipping-estimate-result">
        {loading && <p className="text-sm text-stone-muted">Estimating shipping…</p>}
        {result.kind === 'rates' && result.rates.length > 0 && (
          <>
            <p className="text-xs text-stone-muted">To {placeName(result.to)}</p>
            <ul className="mt-2 divide-y divide-stone-line border-y border-stone-line text-sm">
              {result.rates.map((rate) => (
                <li key={rate.methodId} className="flex items-baseline justify-between gap-4 py-2">
                  <span className="text-ink-soft">{rate.name}</span>
                  <span className="tabular font-medium">{rate.free ? 'Free' : formatCents(rate.cents)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
        {result.kind === 'rates' && result.message && <p className="text-sm text-ink-soft">{result.message}</p>}
        {result.kind === 'failed' && <p className="text-sm text-red-700">{result.message}</p>}
      </div>
      <p className="mt-3 text-xs text-stone-muted">{ESTIMATE_NOTE}</p>
    </section>
  );
}
