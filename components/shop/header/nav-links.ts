// The storefront's navigation, shared by the desktop header, the mobile menu and the footer.

export interface NavLink {
  href: string;
  label: string;
  /** Sub-items shown indented under this link (pendants and chains under necklaces). */
  children?: NavLink[];
}

export const WOMENS_LINKS: NavLink[] = [
  { href: '/category/rings', label: 'Rings' },
  {
    href: '/category/necklaces',
    label: 'Necklaces',
    children: [
      { href: '/category/pendants', label: 'Pendants' },
      { href: '/category/chains', label: 'Chains' },
    ],
  },
  { href: '/category/bracelets', label: 'Bracelets' },
  { href: '/category/earrings', label: 'Earrings' },
  { href: '/category/body-jewelry', label: 'Body Jewelry' },
];

export const PRIMARY_LINKS = {
  all: { href: '/products', label: 'Shop All' },
  newArrivals: { href: '/new-arrivals', label: 'New Arrivals' },
  mens: { href: '/mens-jewelry', label: "Men's Jewelry" },
  quickOrder: { href: '/quick-order', label: 'Quick Order' },
} as const;

export const WOMENS_LABEL = "Women's Jewelry";
