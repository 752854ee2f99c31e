import { describe, expect, it } from 'vitest';
import { generateCatalog } from '@/supabase/seed/catalog';
import { ORDER_STATUSES, generateOrders, transactionStatus } from '@/supabase/seed/orders';
import { PAGES } from '@/supabase/seed/pages';

const now = new Date('2026-06-15T15:30:00Z');
const catalog = generateCatalog({ now });
const customerId = '00000000-0000-4000-8000-000000000001';
const history = generateOrders(catalog.products, { now, customerId });
const byId = new Map(catalog.products.map((p) => [p.id, p]));

describe('generated order history', () => {
  it('is deterministic', () => {
    expect(JSON.stringify(generateOrders(catalog.products, { now, customerId }))).toBe(JSON.stringify(history));
  });

  it('covers about ninety days up to now, with every status, guests and the demo customer', () => {
    const times = history.orders.map((o) => o.created_at.getTime());
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
    expect((now.getTime() - Math.min(...times)) / 86_400_000).toBeGreaterThan(85);
    expect(new Set(history.orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    const completed = history.orders.filter((o) => o.status === 'completed').length;
    expect(completed / history.orders.length).toBeGreaterThan(0.6);
    const mine = history.orders.filter((o) => o.user_id === customerId);
    expect(mine.length).toBeGreaterThanOrEqual(5);
    expect(history.orders.filter((o) => o.user_id === null).length).toBeGreaterThan(mine.length);
    for (const o of history.orders) {
      expect(o.updated_at.getTime()).toBeGreaterThanOrEqual(o.created_at.getTime());
      expect(o.updated_at.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });

  it('follows a weekday and business-hours rhythm', () => {
    const weekday = new Array(7).fill(0);
    const hours = new Array(24).fill(0);
    for (const o of history.orders) {
      weekday[o.created_at.getUTCDay()]++;
      hours[o.created_at.getUTCHours()]++;
    }
    expect(weekday[2]).toBeGreaterThan(weekday[0]);
    expect(hours[15]).toBeGreaterThan(hours[5]);
  });

  it('totals each order from its items, priced in cents, with one matching card payment', () => {
    for (const o of history.orders) {
      const items = history.items.filter((i) => i.order_id === o.id);
      expect(items.length).toBeGreaterThanOrEqual(1);
      expect(items.length).toBeLessThanOrEqual(4);
      expect(o.total_amount).toBe(items.reduce((s, i) => s + i.unit_price * i.quantity, 0));
      const txs = history.transactions.filter((t) => t.order_id === o.id);
      expect(txs).toHaveLength(1);
      expect(txs[0]).toMatchObject({ provider: 'stripe', payment_method: 'card', amount: o.total_amount, status: transactionStatus(o.status) });
      expect(txs[0]!.provider_transaction_id).toMatch(/^pi_seed_[a-z0-9]{24}$/);
      // Named when written, from the live orders' sequence (supabase/seed/write.ts).
      expect(o.order_reference).toBeNull();
      for (const i of items) {
        const p = byId.get(i.product_id)!;
        expect(p.category).toBe(i.product_category);
        expect((p.row.created_at as Date).getTime()).toBeLessThanOrEqual(o.created_at.getTime());
        expect(Number.isInteger(i.unit_price)).toBe(true);
        expect(i.quantity % Number(p.row.moq)).toBe(0);
        expect(i.specifications).toContain(`Material: `);
        // The same choices as data, as checkout stores them.
        expect(i.choices.material).toBe(String(p.row.material));
        expect(i.specifications).toContain(i.choices.stoneName ?? 'Material: ');
      }
    }
  });
});

describe('content pages', () => {
  it('has one page per linked slug with several paragraphs', () => {
    expect(PAGES.map((p) => p.slug).sort()).toEqual(
      ['about', 'care-guide', 'cookie-policy', 'faqs', 'our-story', 'privacy-policy', 'shipping-returns', 'terms-of-service'],
    );
    for (const p of PAGES) {
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.content.split('\n').length).toBeGreaterThanOrEqual(5);
    }
  });
});
