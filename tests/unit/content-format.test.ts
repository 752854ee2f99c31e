import { describe, expect, it } from 'vitest';
import { CONTENT_NOT_FOUND, contentBlocks, contentParagraphs, isContentSlug, lastUpdatedLabel } from '@/lib/content/format';

describe('content page text', () => {
  it('makes one paragraph per non-blank line', () => {
    expect(contentParagraphs('One\nTwo\r\n\r\n  Three  \rFour')).toEqual(['One', 'Two', 'Three', 'Four']);
    expect(contentParagraphs('')).toEqual([]);
    expect(contentParagraphs(null)).toEqual([]);
  });

  it("says 'Last updated: {date}'", () => {
    expect(lastUpdatedLabel('2025-03-04T10:00:00Z')).toBe('Last updated: March 4, 2025');
    expect(lastUpdatedLabel(new Date('2024-12-31T23:30:00Z'))).toBe('Last updated: December 31, 2024');
  });

  it('accepts only stored slug shapes', () => {
    expect(isContentSlug('shipping-returns')).toBe(true);
    expect(isContentSlug('faqs')).toBe(true);
    for (const bad of ['', 'Shipping', 'a--b', '-a', 'a-', 'a/b', 'a.b', 'x'.repeat(101)]) expect(isContentSlug(bad)).toBe(false);
  });

  it('has the not-found texts', () => {
    expect(CONTENT_NOT_FOUND).toEqual({
      title: 'Page Not Found',
      message: "The page you're looking for doesn't exist or has been moved.",
      action: 'Return to Home',
    });
  });
});

describe('content blocks', () => {
  it('shows a line ending in a question mark as a question, the rest as paragraphs', () => {
    expect(contentBlocks('Who can buy?\nRetailers and boutiques.\n\nWhat is an MOQ? The minimum.\nHow do I pay?  ')).toEqual([
      { kind: 'question', text: 'Who can buy?' },
      { kind: 'paragraph', text: 'Retailers and boutiques.' },
      { kind: 'paragraph', text: 'What is an MOQ? The minimum.' },
      { kind: 'question', text: 'How do I pay?' },
    ]);
    expect(contentBlocks(null)).toEqual([]);
  });
});
