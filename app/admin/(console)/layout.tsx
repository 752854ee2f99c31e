import { AdminFrame } from '@/components/admin/shell/admin-frame';
import { SignOutForm } from '@/components/admin/shell/sign-out-form';
import { requireAdminPage } from '@/lib/entry/page-guards';

/** The guarded back office: only admins get past this (each page checks again; RLS is the last gate). */
export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const { user: admin } = await requireAdminPage();
  return (
    <AdminFrame email={admin.email ?? ''} signOut={<SignOutForm />}>
      {children}
    </AdminFrame>
  );
}
