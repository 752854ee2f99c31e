import type { Metadata } from 'next';
import { CategoryTiles, StatCards } from '@/components/admin/dashboard/cards';
import { DailyChart, HoursChart, StatusChart } from '@/components/admin/dashboard/charts';
import { PaymentMethods, RecentOrders, TopProducts } from '@/components/admin/dashboard/lists';
import { PeriodSelector } from '@/components/admin/dashboard/period-selector';
import { getDashboard } from '@/lib/admin/dashboard/load';
import { parsePeriod } from '@/lib/admin/dashboard/periods';
import { requireAdminPage } from '@/lib/entry/page-guards';
import { env } from '@/lib/core/env';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage({ searchParams }: { searchParams: Promise<{ period?: string | string[] }> }) {
  const { actor } = await requireAdminPage();
  const period = parsePeriod((await searchParams).period);
  const d = await getDashboard(actor, period, env().SHOP_TIME_ZONE);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="adm-h1">Dashboard Overview</h1>
        <PeriodSelector current={period} />
      </div>
      <StatCards totals={d.totals} cash={d.cash} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <StatusChart statuses={d.statuses} total={d.totals.orders} />
        <div className="lg:col-span-2">
          <DailyChart days={d.days} />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <HoursChart hours={d.hours} busiest={d.busiest} />
        </div>
        <PaymentMethods methods={d.methods} />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <RecentOrders recent={d.recent} />
        <TopProducts top={d.top} />
      </div>
      <CategoryTiles tiles={d.categories} />
    </div>
  );
}
