// The words of the Customers screens, written once: the page, the list and the tests use them as they are.

export const TOTAL_SPENT_LABEL = 'Total spent';
/** What 'Total spent' means: the dashboard's revenue rule, per buyer. */
export const TOTAL_SPENT_HELP =
  'Total spent: what the customer paid, less refunds, leaving out cancelled orders (an order marked Refunded counts as nothing). The same rule as revenue on the dashboard.';
export const ORDERS_COUNT_HELP = 'Orders: every order placed, cancelled and refunded ones included.';
export const GUEST_LABEL = 'Guest';
export const GUEST_HELP = 'Guests are orders placed without an account, grouped by their e-mail address.';
export const NO_CUSTOMERS = 'No customers found';
export const NEVER_ORDERED = 'No orders yet';

export const TAX_EXEMPT_TEXT = {
  saved: 'Tax exemption saved',
  cleared: 'Tax exemption removed',
  failed: 'Failed to save the tax exemption',
  reasonRequired: 'Give the reason for the exemption, such as “Resale certificate on file”',
  guestsCannot: 'Only customers with an account can be tax exempt.',
  notFound: 'This customer no longer exists.',
} as const;

/** Limit of customers.tax_exempt_reason's check. */
export const TAX_EXEMPT_REASON_MAX = 200;
