// The dashboard's words that explain its figures, written once beside their rule (query.ts computes them). Pure.

/** What Total Revenue and Payment Methods count: the same money, so they add up to the same figure. */
export const REVENUE_DEFINITION =
  'Revenue is what buyers paid for orders placed in this period, less refunds. Cancelled orders are left out, and an order marked Refunded counts as refunded in full. Payment Methods splits the same figure by method.';
