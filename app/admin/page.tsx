import { redirect } from 'next/navigation';
import { ADMIN_HOME } from '@/lib/admin/nav';

/** /admin → /admin/dashboard (which checks admin membership itself). */
export default function AdminIndex() {
  redirect(ADMIN_HOME);
}
