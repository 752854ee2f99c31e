import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { CustomerOrders } from '@/components/admin/customers/customer-orders';
import { CustomerSummary } from '@/components/admin/customers/customer-summary';
import { CustomerTags } from '@/components/admin/customers/customer-tags';
import { TaxExemptForm } from '@/components/admin/customers/tax-exempt-form';
import { StaffNotes } from '@/components/admin/notes/staff-notes';
import { AdminPagination } from '@/components/admin/pagination';
import { loadCustomer } from '@/lib/admin/customers/detail';
import { GUEST_HELP, GUEST_LABEL } from '@/lib/admin/customers/labels';
import { customerHref, isCustomerKey } from '@/lib/admin/customers/params';
import { env } from '@/lib/core/env';
import { parsePageParam } from '@/lib/core/pagination';
import { requireAdminPage } from '@/lib/entry/page-guards';

export const metadata: Metadata = { title: 'Customer' };

export default async function CustomerPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { actor } = await requireAdminPage();
  const { id: key } = await params;
  if (!isCustomerKey(key)) notFound();
  const data = await loadCustomer(actor, key, parsePageParam((await searchParams).page));
  if (!data) notFound();
  const { customer } = data;
  const timeZone = env().SHOP_TIME_ZONE;
  return (
    <div className="space-y-4">
      <p>
        <Link href="/admin/customers" className="text-sm text-stone-muted hover:underline">
          ← Customers
        </Link>
      </p>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="adm-h1 break-all">{customer.name || customer.email}</h1>
        {customer.isGuest && (
          <span className="adm-badge bg-neutral-100 text-neutral-700 ring-neutral-300" title={GUEST_HELP}>
            {GUEST_LABEL}
          </span>
        )}
      </div>
      <CustomerSummary data={data} timeZone={timeZone} />
      <CustomerTags key={customer.tags.join('|')} customerKey={customer.key} tags={customer.tags} />
      <TaxExemptForm customerKey={customer.key} isGuest={customer.isGuest} exempt={data.taxExempt} reason={data.taxExemptReason} />
      <div className="adm-panel">
        <StaffNotes subject={{ customerKey: customer.key }} headingId="customer-notes" />
      </div>
      <CustomerOrders orders={data.orders} timeZone={timeZone} />
      <AdminPagination page={data.page} totalPages={data.totalPages} href={(page) => `${customerHref(key)}${page > 1 ? `?page=${page}` : ''}`} />
    </div>
  );
}
