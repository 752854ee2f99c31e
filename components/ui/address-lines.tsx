import { Fragment, type ReactNode } from 'react';
import type { Address } from '@/lib/checkout/address';
import { addressLines } from '@/lib/checkout/address-lines';

/** A postal address as printed lines (lib/checkout/address-lines.ts); `fallback` when there is none. */
export function AddressLines({ address, phone = false, className, fallback }: { address: Address | null; phone?: boolean; className?: string; fallback: ReactNode }) {
  const lines = addressLines(address, { phone });
  if (lines.length === 0) return <>{fallback}</>;
  return (
    <address className={className}>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </address>
  );
}
