import Link from '@/components/shop/shop-link';
import { SignOutButton } from '@/components/auth/sign-out-button';
import type { AccountView } from '@/lib/account/dashboard';
import type { AccountTab } from '@/lib/account/types';
import { AddressesPanel } from './addresses-panel';
import { OrdersList } from './orders-list';
import { QuotesList } from './quotes-list';
import { ProfileForm } from './profile-form';
import { TradeAccountPanel } from './trade-account-panel';
import { TradeColleagues } from './trade-colleagues';
import type { ColleaguesView } from '@/lib/trade/colleagues';
import { TRADE_TAB_LABEL } from '@/lib/trade/labels';
import type { TradeAccountView } from '@/lib/trade/types';

const TABS: { tab: AccountTab; label: string; href: string }[] = [
  { tab: 'orders', label: 'Orders', href: '/dashboard' },
  { tab: 'quotes', label: 'Quotes', href: '/dashboard?tab=quotes' },
  { tab: 'addresses', label: 'Addresses', href: '/dashboard?tab=addresses' },
  { tab: 'profile', label: 'Profile', href: '/dashboard?tab=profile' },
  { tab: 'trade', label: TRADE_TAB_LABEL, href: '/dashboard?tab=trade' },
];

/** My Account: header with Sign Out, the summary, the tabs (kept in the URL) and the open tab. */
export function AccountPage({
  view,
  trade = null,
  colleagues = null,
}: {
  view: AccountView;
  trade?: TradeAccountView | null;
  colleagues?: ColleaguesView | null;
}) {
  const { content, profile } = view;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 lg:py-14">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl sm:text-4xl">My Account</h1>
        <SignOutButton />
      </header>

      <section aria-label="Account summary" className="mt-8 rounded-lg border border-stone-line bg-white p-6">
        <p className="font-serif text-2xl text-ink" data-testid="account-name">
          {view.displayName}
        </p>
        <p className="mt-1 break-all text-stone-muted">{profile.email}</p>
      </section>

      <nav aria-label="Account sections" className="mt-8 border-b border-stone-line">
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {TABS.map(({ tab, label, href }) => {
            const active = tab === content.tab;
            return (
              <li key={tab}>
                <Link
                  href={href}
                  scroll={false}
                  aria-current={active ? 'page' : undefined}
                  className={`inline-flex h-11 items-center border-b-2 px-4 text-sm font-medium transition-colors ${
                    active ? 'border-gold-dark text-ink' : 'border-transparent text-stone-muted hover:text-ink'
                  }`}
                >
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-8">
        {content.tab === 'orders' && <OrdersList orders={content.orders} />}
        {content.tab === 'quotes' && <QuotesList quotes={content.quotes} timeZone={view.timeZone} />}
        {content.tab === 'addresses' && <AddressesPanel addresses={content.addresses} />}
        {content.tab === 'profile' && <ProfileForm profile={profile} />}
        {content.tab === 'trade' && (
          <TradeAccountPanel account={trade}>{colleagues && <TradeColleagues view={colleagues} />}</TradeAccountPanel>
        )}
      </div>
    </div>
  );
}
