import { describe, expect, it } from 'vitest';
import { LISTING_ERROR_HEADING } from '@/components/shop/listing/listing-error-box';
import { LISTING_TEXT } from '@/lib/catalog/listing-labels';

describe('the listing error boundaries', () => {
  it("say SPEC's 'Error loading products', as the listing's own error state does", () => {
    expect(LISTING_ERROR_HEADING).toBe(LISTING_TEXT.error);
    expect(LISTING_ERROR_HEADING).toBe('Error loading products');
  });
});
