'use client';
import { useRouter } from 'next/navigation';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { isInAppHref, isPlainClick } from './link-clicks';

interface ShopLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  /** Scroll to the top after navigating (the default, as next/link); false leaves it to ScrollToTop. */
  scroll?: boolean;
  replace?: boolean;
}

/**
 * The storefront's link: a plain anchor that navigates through the App Router (already on every page) on a plain
 * click and prefetches on intent: when the pointer comes over it, a finger touches it or it takes focus. It
 * replaces next/link on shop pages, whose code was the largest part of a page's own first-load JavaScript (measured
 * in bench BENCH_ONLY=storefront, first_load_js); viewport prefetching is not wanted anyway (it fetched every
 * visible link's page payload on each load).
 */
export default function ShopLink({ href, scroll = true, replace, onClick, onPointerEnter, onFocus, onTouchStart, ...props }: ShopLinkProps) {
  const router = useRouter();
  const inApp = isInAppHref(href);
  const prefetch = () => {
    if (inApp) router.prefetch(href);
  };
  return (
    <a
      {...props}
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (!inApp || event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        if (replace) router.replace(href, { scroll });
        else router.push(href, { scroll });
      }}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        prefetch();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        prefetch();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        prefetch();
      }}
    />
  );
}
