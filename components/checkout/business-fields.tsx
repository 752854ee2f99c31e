'use client';
import { COMPANY_NAME_MAX, PURCHASE_ORDER_MAX, type BusinessErrors, type BusinessField } from '@/lib/checkout/contact';
import { TextField } from '../ui/field';

interface BusinessFieldsProps {
  company: string;
  purchaseOrder: string;
  errors: BusinessErrors;
  disabled?: boolean;
  onChange(field: BusinessField, value: string): void;
}

/** The optional company name and PO number, printed on the order, its invoice and its mails. */
export function BusinessFields({ company, purchaseOrder, errors, disabled, onChange }: BusinessFieldsProps) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <TextField
        id="checkout-company"
        name="company"
        label="Company name (optional)"
        autoComplete="organization"
        maxLength={COMPANY_NAME_MAX}
        value={company}
        error={errors.company}
        disabled={disabled}
        onChange={(e) => onChange('company', e.target.value)}
      />
      <TextField
        id="checkout-purchase-order"
        name="purchaseOrder"
        label="PO number (optional)"
        hint="Shown on your invoice."
        autoComplete="off"
        maxLength={PURCHASE_ORDER_MAX}
        value={purchaseOrder}
        error={errors.purchaseOrder}
        disabled={disabled}
        onChange={(e) => onChange('purchaseOrder', e.target.value)}
      />
    </div>
  );
}
