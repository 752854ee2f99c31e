import { ChevronDown } from 'lucide';
import { Icon } from '@/components/ui/icon';
import Link from '@/components/shop/shop-link';
import { MenuDisclosure } from './menu-disclosure';
import { WOMENS_LABEL, WOMENS_LINKS } from './nav-links';

/** The Women's Jewelry dropdown, drawn on the server (its behaviour loads after the page). */
export function WomensMenu() {
  return (
    <MenuDisclosure
      id="womens-menu"
      label={WOMENS_LABEL}
      icon={<Icon node={ChevronDown} aria-hidden className="size-3.5 transition-transform group-aria-expanded:rotate-180" />}
    >
      <ul>
        {WOMENS_LINKS.map((link) => (
          <li key={link.href}>
            <Link href={link.href} scroll={false}>
              {link.label}
            </Link>
            {link.children && (
              <ul>
                {link.children.map((child) => (
                  <li key={child.href}>
                    <Link href={child.href} scroll={false}>
                      {child.label}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </MenuDisclosure>
  );
}
