import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { getCurrentUser } from '@/lib/auth/user';

export const metadata: Metadata = { title: 'My Account', robots: { index: false } };

export default async function DashboardPage() {
  const user = await getCurrentUser();
  if (!user) redirect('/login');
  const name = (user.user_metadata?.full_name as string | undefined) || user.email;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-3xl">My Account</h1>
        <SignOutButton />
      </div>
      <section aria-label="Account summary" className="mt-8 rounded border border-stone-line bg-white p-6">
        <p className="text-lg font-medium">{name}</p>
        <p className="text-stone-muted">{user.email}</p>
      </section>
    </div>
  );
}
