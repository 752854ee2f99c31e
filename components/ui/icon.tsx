import { createElement, type SVGProps } from 'react';
import type { IconNode } from 'lucide';

/**
 * A lucide icon drawn from its data (the `lucide` package) with lucide-react's default attributes. lucide-react's
 * components are client components (a 'use client' Icon reading a context), so each one on a page put lucide's
 * runtime into that page's first-load JavaScript; this renders on the server, or in a client component with the
 * icon's paths alone. `<Icon node={Search} aria-hidden className="size-5" />`
 */
export function Icon({ node, strokeWidth = 2, ...props }: { node: IconNode } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {node.map(([tag, attrs], index) => createElement(tag, { key: index, ...attrs }))}
    </svg>
  );
}
