import { describe, expect, it } from 'vitest';
import { CONTENT_NOT_FOUND, contentParagraphs, isContentSlug, lastUpdatedLabel } from '@/lib/content/format';
import { markdownText, parseInline, parseMarkdown, safeHref } from '@/lib/content/markdown';

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
    expect(parseMarkdown('Who can buy?\nRetailers and boutiques.\n\nWhat is an MOQ? The minimum.\nHow do I pay?  ')).toEqual([
      { kind: 'question', inlines: [{ type: 'text', text: 'Who can buy?' }] },
      { kind: 'paragraph', inlines: [{ type: 'text', text: 'Retailers and boutiques.' }] },
      { kind: 'paragraph', inlines: [{ type: 'text', text: 'What is an MOQ? The minimum.' }] },
      { kind: 'question', inlines: [{ type: 'text', text: 'How do I pay?' }] },
    ]);
    expect(parseMarkdown(null)).toEqual([]);
  });
});

describe('the safe Markdown subset of content pages', () => {
  it('reads headings, lists, bold, italics and links line by line', () => {
    expect(parseMarkdown('## Storing silver\n### Day to day\n- Keep it dry\n- Polish *gently*\n1. Rinse\n2. Dry\nUse **soft** cloths, see [care](/care-guide).')).toEqual([
      { kind: 'heading', level: 2, inlines: [{ type: 'text', text: 'Storing silver' }] },
      { kind: 'heading', level: 3, inlines: [{ type: 'text', text: 'Day to day' }] },
      { kind: 'list', ordered: false, items: [[{ type: 'text', text: 'Keep it dry' }], [{ type: 'text', text: 'Polish ' }, { type: 'em', text: 'gently' }]] },
      { kind: 'list', ordered: true, items: [[{ type: 'text', text: 'Rinse' }], [{ type: 'text', text: 'Dry' }]] },
      {
        kind: 'paragraph',
        inlines: [
          { type: 'text', text: 'Use ' },
          { type: 'strong', text: 'soft' },
          { type: 'text', text: ' cloths, see ' },
          { type: 'link', text: 'care', href: '/care-guide', external: false },
          { type: 'text', text: '.' },
        ],
      },
    ]);
    expect(markdownText('## Storing silver\n- Keep it **dry**')).toBe('Storing silver Keep it dry');
  });

  it('links only to the shop’s own paths and to https sites; everything else stays text', () => {
    expect(safeHref('/about')).toEqual({ href: '/about', external: false });
    expect(safeHref('https://gia.edu/care')).toEqual({ href: 'https://gia.edu/care', external: true });
    for (const bad of ['javascript:alert(1)', '//evil.example', 'http://plain.example', 'data:text/html,x', '/\\evil', 'https://user:pw@x.example']) {
      expect(safeHref(bad), bad).toBeNull();
    }
    expect(parseInline('[click](javascript:alert(1))')).toEqual([{ type: 'text', text: '[click](javascript:alert(1))' }]);
    expect(parseInline('<script>alert(1)</script> <b>x</b>')).toEqual([{ type: 'text', text: '<script>alert(1)</script> <b>x</b>' }]);
    // Underscores inside words are not italics.
    expect(parseInline('file_name_here')).toEqual([{ type: 'text', text: 'file_name_here' }]);
  });
});
