// Cache tag of the dashboard's figures; order actions and the Stripe webhook (new
// orders, refunds) revalidate it, so the figures are current at once rather than after the 5-minute cache.
export const ADMIN_DASHBOARD_TAG = 'admin-dashboard';
