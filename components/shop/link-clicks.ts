/** A path on this site ('/rings/…'), not another origin ('//host', 'https://…') nor a fragment or mailto. */
export function isInAppHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  currentTarget: { getAttribute(name: string): string | null; hasAttribute(name: string): boolean };
}

/**
 * A click the page may take over: the main button without modifier keys (those open a new tab or window, or
 * download), on a link that opens in this tab and is not a download. The same rules as next/link.
 */
export function isPlainClick(event: ClickLike): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const target = event.currentTarget.getAttribute('target');
  if (target && target !== '_self') return false;
  return !event.currentTarget.hasAttribute('download');
}
