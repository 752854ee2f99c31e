import type { Metadata } from 'next';
import Link from '@/components/shop/shop-link';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { INVITE_STATE_MESSAGES, JOIN_PAGE } from '@/lib/trade/colleague-labels';
import { loadInvitePage } from '@/lib/trade/colleagues-invites';
import { joinPath } from '@/lib/trade/colleagues-rules';
import { TRADE_ACCOUNT_PATH } from '@/lib/trade/types';
import { AcceptInvite } from './accept-invite';

export const metadata: Metadata = { title: JOIN_PAGE.title, robots: { index: false, follow: false } };
export const dynamic = 'force-dynamic';

type Search = Promise<{ t?: string | string[] }>;

// The link of an invitation mail. Accepting takes a click (a POST), never the visit itself: mail scanners open links.
export default async function JoinTradeAccountPage({ searchParams }: { searchParams: Search }) {
  const { t } = await searchParams;
  const token = typeof t === 'string' ? t : '';
  const here = joinPath(token);
  const page = await loadInvitePage(token);
  const preview = page.signedIn ? page.preview : null;
  const business = preview?.businessName;

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-12 sm:py-16">
      <h1 className="font-serif text-3xl text-ink">{business ? JOIN_PAGE.heading(business) : JOIN_PAGE.headingUnknown}</h1>
      {preview?.email && <p className="mt-3 break-all text-stone-muted">{JOIN_PAGE.invitedAs(preview.email)}</p>}

      {!page.signedIn && (
        <div className="mt-6 flex flex-col gap-4">
          <p className="text-ink-soft">{JOIN_PAGE.explain}</p>
          <p className="text-ink-soft">{JOIN_PAGE.signInFirst}</p>
          <div className="flex flex-wrap gap-3">
            <Link href={`/login?next=${encodeURIComponent(here)}`} className="btn-primary">
              {JOIN_PAGE.signIn}
            </Link>
            <Link href={`/register?next=${encodeURIComponent(here)}`} className="btn-outline h-11 px-5">
              {JOIN_PAGE.register}
            </Link>
          </div>
        </div>
      )}

      {preview?.state === 'ready' && (
        <div className="mt-6 flex flex-col gap-4">
          <p className="text-ink-soft">{JOIN_PAGE.explain}</p>
          <AcceptInvite token={token} />
        </div>
      )}

      {preview && preview.state !== 'ready' && (
        <div className="mt-6 flex flex-col gap-4" data-testid="join-refused">
          <p role="alert" className="text-ink">
            {INVITE_STATE_MESSAGES[preview.state]}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Link href={TRADE_ACCOUNT_PATH} className="btn-outline h-11 px-5">
              {JOIN_PAGE.toAccount}
            </Link>
            {preview.state === 'wrong_email' && <SignOutButton to={`/login?next=${encodeURIComponent(here)}`} />}
          </div>
        </div>
      )}
    </div>
  );
}
