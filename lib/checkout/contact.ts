// The buyer's e-mail address at checkout: where the order confirmation, invoice, dispatch and refund mails go.
// Pure and free of zod, so the checkout form checks it as the server's schema does (address-schema.ts).

export const EMAIL_REQUIRED = 'Email address is required';
export const EMAIL_INVALID = 'Please enter a valid email address';
const EMAIL_MAX = 320;

/** One address, one line: something@domain.tld, nothing a mail header could be tricked with. */
const EMAIL_PATTERN = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/;

/** The message for an e-mail address as typed, or null when it will do. */
export function emailError(value: string): string | null {
  const email = value.trim();
  if (!email) return EMAIL_REQUIRED;
  return email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email) ? null : EMAIL_INVALID;
}

/** The optional business details beside the e-mail address: kept on the order, the invoice and the mails. */
export const COMPANY_NAME_MAX = 120;
export const PURCHASE_ORDER_MAX = 40;
export const COMPANY_LABEL = 'Company';
export const PURCHASE_ORDER_LABEL = 'PO number';
export type BusinessField = 'company' | 'purchaseOrder';
export type BusinessErrors = Partial<Record<BusinessField, string>>;

/** The buyer's company and PO number as an order keeps them: null when not given. */
export interface BusinessDetails {
  companyName: string | null;
  purchaseOrder: string | null;
}
