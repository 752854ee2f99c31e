// The dashboard's words that explain its figures, written once beside their rule (query.ts computes them). Pure.

/** What Total Revenue and Payment Methods count: the same money, so they add up to the same figure. */
export const REVENUE_DEFINITION =
  'Revenue is what buyers paid for orders placed in this period, less refunds: goods, shipping and sales tax. Cancelled orders are left out, and an order marked Refunded counts as refunded in full. Shipping and tax are as charged, tax less the tax refunds gave back; goods are the rest. Payment Methods splits the same figure by method.';

/** Said under Total Revenue, with its parts. */
export const REVENUE_CAPTION = 'Revenue counts goods, shipping and tax';

export const REVENUE_PART_LABELS = { goods: 'Goods', shipping: 'Shipping', tax: 'Tax' } as const;

/** What Cash collected counts: money in hand, where revenue books an order on payment terms when it is placed. */
export const CASH_DEFINITION =
  'Cash collected is the period’s revenue less what was ordered on payment terms, plus what buyers paid on terms invoices in this period, whichever period their orders were placed in.';

export const CASH_LABEL = 'Cash collected';

/** Said under Cash collected, with its parts. */
export const CASH_PART_LABELS = { invoiced: 'Ordered on terms', invoicePayments: 'Invoices paid' } as const;
