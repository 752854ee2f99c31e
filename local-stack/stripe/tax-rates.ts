// The Stripe stand-in's own sales-tax table: where an address is (placeAddress) and which jurisdictions tax a line
// there (jurisdictionsFor). A small fixed table, not Stripe's rate engine: a few US states with a state part and
// local parts by postal-code prefix. Rates are in thousandths of a percent (6.25 % = 6250) so sums stay whole.
//
//   IL  state 6.25 %; Chicago 606xx adds Cook County 1.75 %, city 1.25 %, RTA district 1 %  (10.25 %)
//   NY  state 4 %; New York City 100xx–104xx adds city 4.5 %, MCTD district 0.375 %         (8.875 %)
//   CA  state 7.25 %; Los Angeles 900xx adds county 2.25 %                                  (9.5 %)
//   TX  state 6.25 %; every postal code adds a flat 2 % city part                            (8.25 %)
//   PA  state 6 % (the shop's origin); Philadelphia 191xx adds city 2 %                     (8 %)
// Shipping (txcd_92010001) is taxable in IL, NY, TX and PA, not in CA. txcd_00000000 is never taxed. Any other
// state, and every other country, is a place where the account is not registered: 0 with `not_collecting`.
import { ApiError } from './api';

export interface Address {
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string;
}

/** Where tax is owed: a country, and for the US a state and a 5-digit postal code. */
export interface Place {
  country: string;
  state: string | null;
  postal: string | null;
}

export interface Jurisdiction {
  level: 'state' | 'county' | 'city' | 'district' | 'country';
  displayName: string;
  /** Thousandths of a percent. */
  rate: number;
}

export const TAX_CODES = {
  general: 'txcd_99999999',
  shipping: 'txcd_92010001',
  nontaxable: 'txcd_00000000',
} as const;

interface StateRule {
  name: string;
  state: number;
  shippingTaxable: boolean;
  local: { prefixes: [string, string]; parts: Jurisdiction[] }[];
}

const RULES: Record<string, StateRule> = {
  IL: {
    name: 'Illinois', state: 6250, shippingTaxable: true,
    local: [{ prefixes: ['606', '606'], parts: [
      { level: 'county', displayName: 'Cook County', rate: 1750 },
      { level: 'city', displayName: 'Chicago', rate: 1250 },
      { level: 'district', displayName: 'Regional Transportation Authority', rate: 1000 },
    ] }],
  },
  NY: {
    name: 'New York', state: 4000, shippingTaxable: true,
    local: [{ prefixes: ['100', '104'], parts: [
      { level: 'city', displayName: 'New York City', rate: 4500 },
      { level: 'district', displayName: 'Metropolitan Commuter Transportation District', rate: 375 },
    ] }],
  },
  CA: {
    name: 'California', state: 7250, shippingTaxable: false,
    local: [{ prefixes: ['900', '900'], parts: [{ level: 'county', displayName: 'Los Angeles County', rate: 2250 }] }],
  },
  TX: {
    name: 'Texas', state: 6250, shippingTaxable: true,
    local: [{ prefixes: ['750', '799'], parts: [{ level: 'city', displayName: 'Texas Local', rate: 2000 }] }],
  },
  PA: {
    name: 'Pennsylvania', state: 6000, shippingTaxable: true,
    local: [{ prefixes: ['191', '191'], parts: [{ level: 'city', displayName: 'Philadelphia', rate: 2000 }] }],
  },
};

/** 3-digit ZIP prefix ranges of each US state and territory, to tell a postal code that does not match its state. */
const ZIP_RANGES: Record<string, string> = {
  AL: '350-369', AK: '995-999', AZ: '850-865', AR: '716-729,755', CA: '900-961', CO: '800-816', CT: '060-069',
  DE: '197-199', DC: '200-205,569', FL: '320-349', GA: '300-319,398-399', HI: '967-968', ID: '832-838',
  IL: '600-629', IN: '460-479', IA: '500-528', KS: '660-679', KY: '400-427', LA: '700-714', ME: '039-049',
  MD: '206-219', MA: '010-027,055', MI: '480-499', MN: '550-567', MS: '386-397', MO: '630-658', MT: '590-599',
  NE: '680-693', NV: '889-898', NH: '030-038', NJ: '070-089', NM: '870-884', NY: '005,100-149', NC: '270-289',
  ND: '580-588', OH: '430-459', OK: '730-749', OR: '970-979', PA: '150-196', RI: '028-029', SC: '290-299',
  SD: '570-577', TN: '370-385', TX: '750-799,885', UT: '840-847', VT: '050-059', VA: '201,220-246', WA: '980-994',
  WV: '247-268', WI: '530-549', WY: '820-831', PR: '006-009', VI: '008', GU: '969', AS: '967', MP: '969',
  AA: '340', AE: '090-098', AP: '962-966',
};

const US_STATE_NAMES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho',
  IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine',
  MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri',
  MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico',
  NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon',
  PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas',
  UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin',
  WY: 'Wyoming', PR: 'Puerto Rico', VI: 'U.S. Virgin Islands', GU: 'Guam', AS: 'American Samoa',
  MP: 'Northern Mariana Islands', AA: 'Armed Forces Americas', AE: 'Armed Forces Europe', AP: 'Armed Forces Pacific',
};

/** ISO 3166-1 alpha-2 codes: a country outside this list cannot be placed. */
const COUNTRIES = new Set(
  ('AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
    'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
    'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
    'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
    'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
    'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW').split(' '),
);

const GST_COUNTRIES = new Set(['AU', 'CA', 'IN', 'NZ', 'SG', 'MY']);

export function taxTypeFor(country: string): string {
  if (country === 'US') return 'sales_tax';
  if (country === 'JP') return 'jct';
  return GST_COUNTRIES.has(country) ? 'gst' : 'vat';
}

export function placeName(place: Place): string {
  if (place.country !== 'US' || !place.state) return place.country;
  return US_STATE_NAMES[place.state] ?? place.state;
}

function inRanges(prefix: string, ranges: string): boolean {
  return ranges.split(',').some((r) => {
    const [lo, hi = lo] = r.split('-') as [string, string?];
    return prefix >= lo && prefix <= hi;
  });
}

export function locationInvalid(param = 'customer_details[address]'): ApiError {
  return new ApiError(400, {
    type: 'invalid_request_error',
    code: 'customer_tax_location_invalid',
    message: "We could not determine the customer's tax location based on the provided customer address.",
    param,
  });
}

/** Places an address as Stripe Tax would, or refuses it with `customer_tax_location_invalid`. */
export function placeAddress(address: Address): Place {
  const country = address.country.toUpperCase();
  if (!COUNTRIES.has(country)) throw locationInvalid('customer_details[address][country]');
  if (country === 'CA' && !address.postal_code && !address.state) throw locationInvalid();
  if (country !== 'US') return { country, state: address.state, postal: address.postal_code };
  // Stripe needs at least a US postal code; a state that does not own the code cannot be placed.
  const match = /^(\d{5})(?:-?\d{4})?$/.exec((address.postal_code ?? '').trim());
  if (!match) throw locationInvalid('customer_details[address][postal_code]');
  const postal = match[1]!;
  const prefix = postal.slice(0, 3);
  const given = address.state?.trim().toUpperCase() || null;
  if (given) {
    const ranges = ZIP_RANGES[given];
    if (!ranges || !inRanges(prefix, ranges)) throw locationInvalid('customer_details[address][state]');
    return { country, state: given, postal };
  }
  const state = Object.keys(ZIP_RANGES).find((s) => inRanges(prefix, ZIP_RANGES[s]!));
  if (!state) throw locationInvalid('customer_details[address][postal_code]');
  return { country, state, postal };
}

/**
 * The jurisdictions that tax a line of `taxCode` at `place`: the state first, then local parts. Null when the
 * account does not collect there (`not_collecting`); an empty list when the product is not taxed (`product_exempt`).
 */
export function jurisdictionsFor(place: Place, taxCode: string): Jurisdiction[] | null {
  const rule = place.country === 'US' && place.state ? RULES[place.state] : undefined;
  if (!rule) return null;
  if (taxCode === TAX_CODES.nontaxable) return [];
  if (taxCode === TAX_CODES.shipping && !rule.shippingTaxable) return [];
  const out: Jurisdiction[] = [{ level: 'state', displayName: rule.name, rate: rule.state }];
  const prefix = place.postal?.slice(0, 3) ?? '';
  for (const local of rule.local) {
    if (prefix >= local.prefixes[0] && prefix <= local.prefixes[1]) out.push(...local.parts);
  }
  return out;
}

/** `6250` → `"6.25"`, `4000` → `"4.0"`, as Stripe writes `percentage_decimal`. */
export function percentageDecimal(rate: number): string {
  const s = String(rate / 1000);
  return s.includes('.') ? s : `${s}.0`;
}
