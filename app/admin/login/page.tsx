import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AdminLoginForm } from '@/components/admin/login/admin-login-form';
import { ADMIN_HOME } from '@/lib/admin/nav';
import { getCurrentUser, isAdmin } from '@/lib/auth/user';

export const metadata: Metadata = { title: 'Admin Login' };

/** An admin who is already signed in goes straight to the dashboard; everyone else sees the form. */
export default async function AdminLoginPage() {
  const user = await getCurrentUser();
  if (user && (await isAdmin(user).catch(() => false))) redirect(ADMIN_HOME);
  return (
    <div className="admin flex items-center justify-center px-4 py-16">
      <div className="adm-panel w-full max-w-sm p-6">
        <p className="text-center text-xs font-semibold tracking-[0.25em] text-stone-muted">AURELIA</p>
        <h1 className="mt-2 text-center text-2xl font-semibold">Admin Login</h1>
        <div className="mt-6">
          <AdminLoginForm />
        </div>
      </div>
    </div>
  );
}
