import { redirect } from 'next/navigation';
import { ADMIN_HOME } from '@/lib/admin/nav';

// Rendered per request like every /admin page (their CSP carries a per-request nonce).
export const dynamic = 'force-dynamic';

/** /admin → /admin/dashboard (which checks admin membership itself). */
export default function AdminIndex() {
  redirect(ADMIN_HOME);
}
