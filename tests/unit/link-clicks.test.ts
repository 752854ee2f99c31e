import { describe, expect, it } from 'vitest';
import { isInAppHref, isPlainClick } from '@/components/shop/link-clicks';

function click(overrides: Partial<{ button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }> = {}, attrs: Record<string, string> = {}) {
  return {
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    ...overrides,
    currentTarget: {
      getAttribute: (name: string) => attrs[name] ?? null,
      hasAttribute: (name: string) => name in attrs,
    },
  };
}

describe('ShopLink click rules', () => {
  it('takes over plain main-button clicks on links that open here', () => {
    expect(isPlainClick(click())).toBe(true);
    expect(isPlainClick(click({}, { target: '_self' }))).toBe(true);
  });

  it('leaves new tabs, windows and downloads to the browser', () => {
    expect(isPlainClick(click({ button: 1 }))).toBe(false);
    for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const) expect(isPlainClick(click({ [key]: true }))).toBe(false);
    expect(isPlainClick(click({}, { target: '_blank' }))).toBe(false);
    expect(isPlainClick(click({}, { download: '' }))).toBe(false);
  });

  it('navigates in the app only for paths of this site', () => {
    expect(isInAppHref('/category/rings?page=2')).toBe(true);
    expect(isInAppHref('//elsewhere.example/x')).toBe(false);
    expect(isInAppHref('https://elsewhere.example/')).toBe(false);
    expect(isInAppHref('#main')).toBe(false);
    expect(isInAppHref('mailto:shop@example.com')).toBe(false);
  });
});
