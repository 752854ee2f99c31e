// A server component with small client islands (menus, search, cart and account links): its markup costs a little
// RSC payload, far less than the JavaScript a client header adds to every page's first load.
import { Menu, Search, ShoppingBag, UserRound } from 'lucide';
import { Icon } from '@/components/ui/icon';
import Link from '@/components/shop/shop-link';
import { DeferredAccountLink, DeferredCartLink, DeferredMobileMenu, DeferredSearchButton } from './deferred-islands';
import { PRIMARY_LINKS } from './nav-links';
import { WomensMenu } from './womens-menu';

export function Logo() {
  return (
    <Link href="/" scroll={false} className="group inline-flex flex-col leading-none" aria-label="Aurelia Fine Jewelry, home">
      <span className="font-serif text-2xl font-semibold tracking-[0.18em] text-ink sm:text-[1.7rem]">AURELIA</span>
      <span className="mt-1 hidden text-[10px] uppercase tracking-[0.32em] text-stone-muted sm:block">Fine Jewelry · Est. 2003</span>
    </Link>
  );
}

/** The sticky storefront header. The account icon goes to /dashboard with a session, /login without. */
export function Header() {
  return (
    <header className="hdr">
      <div className="shell-w hdr-bar">
        <div className="flex flex-1 items-center gap-1 lg:flex-none">
          <DeferredMobileMenu>
            <Icon node={Menu} aria-hidden className="size-5" />
          </DeferredMobileMenu>
          <Logo />
        </div>
        <nav aria-label="Main" className="hdr-nav hidden flex-1 justify-center lg:flex">
          <ul>
            <li>
              <Link href={PRIMARY_LINKS.all.href} scroll={false}>
                {PRIMARY_LINKS.all.label}
              </Link>
            </li>
            <li>
              <Link href={PRIMARY_LINKS.newArrivals.href} scroll={false}>
                {PRIMARY_LINKS.newArrivals.label}
              </Link>
            </li>
            <li>
              <WomensMenu />
            </li>
            <li>
              <Link href={PRIMARY_LINKS.mens.href} scroll={false}>
                {PRIMARY_LINKS.mens.label}
              </Link>
            </li>
            <li>
              <Link href={PRIMARY_LINKS.quickOrder.href} scroll={false}>
                {PRIMARY_LINKS.quickOrder.label}
              </Link>
            </li>
          </ul>
        </nav>
        <div className="flex items-center gap-0.5 sm:gap-1">
          <DeferredSearchButton>
            <Icon node={Search} aria-hidden className="size-5" />
          </DeferredSearchButton>
          <DeferredCartLink>
            <Icon node={ShoppingBag} aria-hidden className="size-5" />
          </DeferredCartLink>
          <DeferredAccountLink>
            <Icon node={UserRound} aria-hidden className="size-5" />
          </DeferredAccountLink>
        </div>
      </div>
    </header>
  );
}
