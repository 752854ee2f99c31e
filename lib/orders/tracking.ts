// Tracking links of the carriers a jewelry wholesaler ships with; any other carrier's number is shown without a
// link. Pure: the dispatch mail and the account's order both use it.

const CARRIERS: { names: RegExp; url: (n: string) => string }[] = [
  { names: /^ups$/i, url: (n) => `https://www.ups.com/track?tracknum=${n}` },
  { names: /^(usps|us postal service|united states postal service)$/i, url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` },
  { names: /^fedex$/i, url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  { names: /^dhl( express)?$/i, url: (n) => `https://www.dhl.com/en/express/tracking.html?AWB=${n}` },
];

/** Carriers offered in the dispatch dialog; staff may type another. */
export const KNOWN_CARRIERS = ['UPS', 'USPS', 'FedEx', 'DHL Express'] as const;

/** The carrier's tracking page for `trackingNumber`, or null for an unknown carrier or a missing number. */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  if (!carrier || !trackingNumber) return null;
  const known = CARRIERS.find((c) => c.names.test(carrier.trim()));
  return known ? known.url(encodeURIComponent(trackingNumber.trim())) : null;
}
