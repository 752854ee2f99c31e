// The settings history in words: a shipping method's rows (stored by its trigger as JSON) read as added, removed or
// what changed; the tax and minimum order columns as On/Off, codes, an address and dollars; the shop's own fields
// keep their form labels.
import { describe, expect, it } from 'vitest';
import { describeSettingsChange } from '@/lib/admin/settings/history-labels';

const ground = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'UPS Ground',
  zones: ['US'],
  basis: 'value',
  bands: [{ from: 0, cents: 1500 }, { from: 25000, cents: 2500 }],
  free_over_cents: 150000,
  handling_cents: 0,
  position: 0,
  active: true,
};
const json = (v: unknown) => JSON.stringify(v);

describe('a shipping method in the history', () => {
  it('says what a new method is', () => {
    expect(describeSettingsChange('shipping method: UPS Ground', null, json(ground))).toEqual({
      label: 'Shipping method added: UPS Ground',
      from: '',
      to: 'Zones: US\nPriced by order value\nPrices: from $0.00: $15.00, from $250.00: $25.00\nFree from $1,500.00\nHandling $0.00\nActive',
    });
  });

  it('says what a removed method was', () => {
    const words = describeSettingsChange('shipping method: UPS Ground', json(ground), null);
    expect(words.label).toBe('Shipping method removed: UPS Ground');
    expect(words.to).toBe('');
    expect(words.from).toContain('Zones: US');
  });

  it('shows only what changed, a rename and a move included', () => {
    const after = { ...ground, name: 'Ground', zones: ['US', 'CA'], handling_cents: 500, position: 1, active: false };
    expect(describeSettingsChange('shipping method: Ground', json(ground), json(after))).toEqual({
      label: 'Shipping method: Ground',
      from: 'Name: UPS Ground\nZones: US\nHandling $0.00\nPlace in the list: 1\nActive',
      to: 'Name: Ground\nZones: US, CA\nHandling $5.00\nPlace in the list: 2\nInactive',
    });
  });

  it('shows weights in grams and a threshold removed', () => {
    const weight = { ...ground, basis: 'weight', bands: [{ from: 0, cents: 6500 }, { from: 1000, cents: 9500 }] };
    const words = describeSettingsChange('shipping method: UPS Ground', json(ground), json({ ...weight, free_over_cents: null }));
    expect(words.to).toBe('Priced by parcel weight\nPrices: from 0 g: $65.00, from 1,000 g: $95.00\nNever free');
  });
});

describe('the tax and minimum order settings in the history', () => {
  it('reads tax collection as On or Off, the codes by category, the address on one line and the minimum in dollars', () => {
    expect(describeSettingsChange('tax_enabled', 'false', 'true')).toEqual({ label: 'Tax collection', from: 'Off', to: 'On' });
    expect(describeSettingsChange('tax_codes', '{}', json({ rings: 'txcd_99999999', body_jewelry: 'txcd_12345678' }))).toEqual({
      label: 'Tax codes',
      from: '',
      to: 'Rings: txcd_99999999\nBody Jewelry: txcd_12345678',
    });
    expect(
      describeSettingsChange('ship_from', null, json({ line1: '214 Jewelers Row', city: 'Philadelphia', state: 'PA', postal_code: '19106', country: 'US' })),
    ).toEqual({ label: 'Ship-from address', from: '', to: '214 Jewelers Row, Philadelphia, PA 19106, US' });
    expect(describeSettingsChange('min_order_cents', null, '50000')).toEqual({ label: 'Minimum order', from: '', to: '$500.00' });
  });

  it("keeps the shop's own fields as the form labels them, and an unknown field as stored", () => {
    expect(describeSettingsChange('support_email', 'a@shop.test', 'b@shop.test')).toEqual({ label: 'Support email', from: 'a@shop.test', to: 'b@shop.test' });
    expect(describeSettingsChange('something_new', null, 'x')).toEqual({ label: 'something_new', from: '', to: 'x' });
  });
});
