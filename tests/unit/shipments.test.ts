// What is left to ship, and whether a parcel may ship: the pure rules the shipments panel, the buyer's order and the
// server's check share. The mail's words for a parcel that is part of the order, the last one, or the whole order.
import { describe, expect, it } from 'vitest';
import { allShipped, checkShipment, leftToShip } from '@/lib/orders/shipments';
import { dispatchWords } from '@/lib/mail/templates/dispatched';

const items = [
  { id: 'ring', quantity: 3 },
  { id: 'chain', quantity: 2 },
];
const nameOf = (id: string) => (id === 'ring' ? 'Ruby Ring' : 'Cuban Chain');

describe('leftToShip', () => {
  it('is everything ordered before any parcel', () => {
    expect(leftToShip(items, [])).toEqual([
      { orderItemId: 'ring', ordered: 3, shipped: 0, left: 3 },
      { orderItemId: 'chain', ordered: 2, shipped: 0, left: 2 },
    ]);
  });

  it('sums the parcels per line, in the order’s own line order', () => {
    const left = leftToShip(items, [
      { orderItemId: 'chain', quantity: 1 },
      { orderItemId: 'ring', quantity: 1 },
      { orderItemId: 'ring', quantity: 1 },
    ]);
    expect(left.map((l) => [l.orderItemId, l.shipped, l.left])).toEqual([['ring', 2, 1], ['chain', 1, 1]]);
    expect(allShipped(left)).toBe(false);
  });

  it('never goes below 0, and is all shipped once every line is', () => {
    const left = leftToShip(items, [
      { orderItemId: 'ring', quantity: 4 },
      { orderItemId: 'chain', quantity: 2 },
      { orderItemId: 'gone', quantity: 1 },
    ]);
    expect(left.map((l) => l.left)).toEqual([0, 0]);
    expect(allShipped(left)).toBe(true);
  });
});

describe('checkShipment', () => {
  const left = leftToShip(items, [{ orderItemId: 'ring', quantity: 2 }]);

  it('keeps the lines asked for, leaving out those of 0', () => {
    expect(checkShipment(left, [{ orderItemId: 'ring', quantity: 1 }, { orderItemId: 'chain', quantity: 0 }], nameOf)).toEqual({
      ok: true,
      lines: [{ orderItemId: 'ring', quantity: 1 }],
    });
  });

  it('refuses more than is left with 409, naming the line', () => {
    expect(checkShipment(left, [{ orderItemId: 'ring', quantity: 2 }], nameOf)).toEqual({ ok: false, status: 409, error: 'Only 1 of Ruby Ring is left to ship.' });
    expect(checkShipment(left, [{ orderItemId: 'chain', quantity: 3 }], nameOf)).toEqual({ ok: false, status: 409, error: 'Only 2 of Cuban Chain are left to ship.' });
    const done = leftToShip(items, [{ orderItemId: 'ring', quantity: 3 }]);
    expect(checkShipment(done, [{ orderItemId: 'ring', quantity: 1 }], nameOf)).toEqual({ ok: false, status: 409, error: 'Ruby Ring has already shipped in full.' });
  });

  it('refuses nothing chosen, another order’s line, a line twice and a part unit with 400', () => {
    expect(checkShipment(left, [{ orderItemId: 'ring', quantity: 0 }], nameOf)).toMatchObject({ ok: false, status: 400, error: 'Choose at least one item to ship.' });
    expect(checkShipment(left, [], nameOf)).toMatchObject({ ok: false, status: 400 });
    expect(checkShipment(left, [{ orderItemId: 'other', quantity: 1 }], nameOf)).toMatchObject({ ok: false, status: 400, error: 'That item is not on this order.' });
    expect(checkShipment(left, [{ orderItemId: 'chain', quantity: 1 }, { orderItemId: 'chain', quantity: 1 }], nameOf)).toMatchObject({
      ok: false,
      status: 400,
      error: 'Cuban Chain is listed twice. Send each item once.',
    });
    expect(checkShipment(left, [{ orderItemId: 'chain', quantity: 0.5 }], nameOf)).toMatchObject({ ok: false, status: 400, error: 'Enter a whole number for Cuban Chain.' });
    expect(checkShipment(left, [{ orderItemId: 'chain', quantity: -1 }], nameOf)).toMatchObject({ ok: false, status: 400 });
  });
});

describe('dispatchWords', () => {
  it('says the whole order, a part with more to come, or the rest', () => {
    expect(dispatchWords(undefined).heading).toBe('Your order is on its way');
    expect(dispatchWords({ lines: [], unitsLeft: 3 }).heading).toBe('Part of your order is on its way');
    expect(dispatchWords({ lines: [], unitsLeft: 0 }).heading).toBe('The rest of your order is on its way');
  });
});
