import type { BillingDetails, ConfirmResult } from '@/lib/checkout/browser-payment';

/** What a payment form (Stripe's Payment Element, or the offline test-card form) hands to the checkout form. */
export interface PaymentMethodHandle {
  /** Shows the form's own field errors; false when the buyer must fix something first. */
  validate(): boolean;
  confirm(input: { billing: BillingDetails; returnUrl: string }): Promise<ConfirmResult>;
}

export interface PaymentFormProps {
  clientSecret: string;
  paymentIntentId: string;
  disabled: boolean;
  register(handle: PaymentMethodHandle | null): void;
}
