import { describe, expect, it } from 'vitest';
import { POSTAL_CODE_MESSAGE, shippingDestination, stateForZip, usZip, ZIP_MESSAGE } from '@/lib/shipping/postal';

// One ZIP code of each state, DC and Puerto Rico (a post office or capital of each).
const ONE_PER_STATE: Record<string, string> = {
  AL: '36104', AK: '99801', AZ: '85001', AR: '72201', CA: '95814', CO: '80202', CT: '06103', DE: '19901',
  DC: '20001', FL: '32301', GA: '30303', HI: '96813', ID: '83702', IL: '62701', IN: '46204', IA: '50309',
  KS: '66603', KY: '40601', LA: '70802', ME: '04330', MD: '21401', MA: '02201', MI: '48933', MN: '55102',
  MS: '39201', MO: '65101', MT: '59601', NE: '68502', NV: '89701', NH: '03301', NJ: '08608', NM: '87501',
  NY: '12207', NC: '27601', ND: '58501', OH: '43215', OK: '73102', OR: '97301', PA: '17101', RI: '02903',
  SC: '29201', SD: '57501', TN: '37219', TX: '78701', UT: '84111', VT: '05602', VA: '23219', WA: '98501',
  WV: '25301', WI: '53703', WY: '82001', PR: '00901',
};

describe('stateForZip', () => {
  it('names every state, DC and Puerto Rico', () => {
    for (const [state, zip] of Object.entries(ONE_PER_STATE)) expect(stateForZip(zip), zip).toBe(state);
    expect(Object.keys(ONE_PER_STATE)).toHaveLength(52);
  });

  it('reads the first and last prefix of a range as its state', () => {
    expect(stateForZip('01001')).toBe('MA'); // 010, Massachusetts' first
    expect(stateForZip('02791')).toBe('MA'); // 027, its last before Rhode Island
    expect(stateForZip('02801')).toBe('RI');
    expect(stateForZip('59901')).toBe('MT'); // 599
    expect(stateForZip('60001')).toBe('IL'); // 600
    expect(stateForZip('62999')).toBe('IL'); // 629
    expect(stateForZip('63001')).toBe('MO');
    expect(stateForZip('99950')).toBe('AK'); // 999, the table's end
  });

  it('knows the prefixes that sit inside another state’s run', () => {
    expect(stateForZip('00501')).toBe('NY'); // Holtsville
    expect(stateForZip('00801')).toBe('VI');
    expect(stateForZip('05501')).toBe('MA'); // Andover, among Vermont's
    expect(stateForZip('20101')).toBe('VA'); // Dulles, between DC's
    expect(stateForZip('20500')).toBe('DC');
    expect(stateForZip('56901')).toBe('DC');
    expect(stateForZip('34001')).toBe('AA'); // military post, among Florida's
    expect(stateForZip('33101')).toBe('FL');
    expect(stateForZip('34101')).toBe('FL');
    expect(stateForZip('39901')).toBe('GA');
    expect(stateForZip('73301')).toBe('TX'); // Austin, among Oklahoma's
    expect(stateForZip('73401')).toBe('OK');
    expect(stateForZip('88510')).toBe('TX'); // El Paso, after New Mexico's
    expect(stateForZip('96910')).toBe('GU');
  });

  it('answers no state for prefixes USPS gave nobody', () => {
    for (const zip of ['00000', '00401', '09901', '42801', '71501', '88601', '88801']) expect(stateForZip(zip), zip).toBeNull();
  });

  it('takes ZIP+4 and spacing, and nothing else', () => {
    expect(stateForZip(' 60601-1234 ')).toBe('IL');
    expect(stateForZip('606011234')).toBe('IL');
    expect(usZip('60601 1234')).toBe('60601');
    for (const bad of ['', '6060', '606011', '60601-12', 'ABCDE', '6060l', '60601-12345']) expect(stateForZip(bad), bad).toBeNull();
  });
});

describe('shippingDestination', () => {
  it('gives a US address its state from the ZIP code', () => {
    expect(shippingDestination('us', '60601')).toEqual({ destination: { country: 'US', state: 'IL' } });
    expect(shippingDestination('US', '12')).toEqual({ error: ZIP_MESSAGE });
    expect(shippingDestination('US', '')).toEqual({ error: ZIP_MESSAGE });
  });

  it('needs no state elsewhere, and no postal code, but refuses a code of the wrong shape', () => {
    expect(shippingDestination('CA', 'K1A 0B1')).toEqual({ destination: { country: 'CA', state: null } });
    expect(shippingDestination('GB', 'SW1A 1AA')).toEqual({ destination: { country: 'GB', state: null } });
    expect(shippingDestination('IE', '')).toEqual({ destination: { country: 'IE', state: null } });
    expect(shippingDestination('DE', '10115<')).toEqual({ error: POSTAL_CODE_MESSAGE });
    expect(shippingDestination('DE', '1'.repeat(13))).toEqual({ error: POSTAL_CODE_MESSAGE });
  });
});
