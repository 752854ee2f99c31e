// Cache tag of the dashboard's figures; order actions revalidate it so an admin sees their own change at once.
export const ADMIN_DASHBOARD_TAG = 'admin-dashboard';
