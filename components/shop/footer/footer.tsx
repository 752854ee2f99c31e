import { Camera, Pin, ThumbsUp } from 'lucide';
import { Icon } from '@/components/ui/icon';
import Link from '@/components/shop/shop-link';
import { getShopSettings } from '@/lib/settings/shop-settings';
import { PRIMARY_LINKS, WOMENS_LINKS } from '../header/nav-links';
import { FooterContact } from './footer-contact';

const SHOP_LINKS = [
  PRIMARY_LINKS.all,
  PRIMARY_LINKS.newArrivals,
  ...WOMENS_LINKS.map(({ href, label }) => ({ href, label })),
  PRIMARY_LINKS.mens,
];
const HELP_LINKS = [
  { href: '/faqs', label: 'FAQs' },
  { href: '/shipping-returns', label: 'Shipping & Returns' },
  { href: '/care-guide', label: 'Care Guide' },
];
const ABOUT_LINKS = [
  { href: '/our-story', label: 'Our Story' },
  { href: '/about', label: 'About Us' },
];
const LEGAL_LINKS = [
  { href: '/privacy-policy', label: 'Privacy Policy' },
  { href: '/terms-of-service', label: 'Terms of Service' },
  { href: '/cookie-policy', label: 'Cookie Policy' },
];
// The shop has no social accounts yet: the icons are placeholders with empty targets.
const SOCIAL = [
  { label: 'Instagram', icon: Camera },
  { label: 'Pinterest', icon: Pin },
  { label: 'Facebook', icon: ThumbsUp },
];

function Column({ title, links }: { title: string; links: { href: string; label: string }[] }) {
  return (
    <div>
      <h2>{title}</h2>
      <ul className="ftr-links">
        {links.map((l) => (
          <li key={l.href}>
            <Link href={l.href} scroll={false}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The storefront footer; its contact line comes from the shop settings (cached until staff save them). */
export async function Footer() {
  const settings = await getShopSettings();
  return (
    <footer className="ftr">
      <div className="shell-w py-14">
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
          <div className="max-w-xs">
            <p className="font-serif text-2xl font-semibold tracking-[0.18em] text-ink">AURELIA</p>
            <p className="mt-3 text-sm leading-relaxed text-stone-muted">
              Wholesale fine jewelry, made by hand in our own workshop since 2003. Custom design and quality assurance
              on every order.
            </p>
            <FooterContact settings={settings} />
            <ul className="ftr-social mt-5 flex gap-2" aria-label="Social media">
              {SOCIAL.map(({ label, icon }) => (
                <li key={label}>
                  <a href="" aria-label={label}>
                    <Icon node={icon} aria-hidden />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <Column title="Shop" links={SHOP_LINKS} />
          <Column title="Help" links={HELP_LINKS} />
          <Column title="About" links={ABOUT_LINKS} />
        </div>
        <div className="mt-12 flex flex-col gap-4 border-t border-stone-line pt-6 text-xs text-stone-muted sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {new Date().getFullYear()} {settings.shopName}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2" aria-label="Legal">
            {LEGAL_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href} scroll={false}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
