// To the buyer when staff set the order to dispatched: the carrier, the tracking number and the carrier's link. A
// parcel of part of the order (a shipment) says the same, and lists what is in it and whether more is to come.
import { Section, Text } from '@react-email/components';
import { MailLayout, type MailShop } from './layout';
import { BusinessLines, ButtonLink, ItemCell, type BusinessProps } from './parts';
import { styles } from './theme';

export interface DispatchedProps extends BusinessProps {
  shop: MailShop;
  reference: string;
  customerName: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  /** The carrier's tracking page (lib/orders/tracking.ts), when the carrier is one the shop knows. */
  trackingUrl: string | null;
  orderUrl: string;
  /** A shipment's parcel: its lines, and the units still to ship after it (0: the last parcel). */
  parcel?: { lines: ParcelLine[]; unitsLeft: number };
}

export interface ParcelLine {
  name: string;
  sku: string | null;
  /** The choices in words ('Stone: Ruby, Ring Size: 7'); '' for none. */
  options: string;
  quantity: number;
}

/** The heading and first sentence of a dispatch or a shipment mail. */
export function dispatchWords(parcel: DispatchedProps['parcel']): { heading: string; intro: string } {
  if (!parcel) return { heading: 'Your order is on its way', intro: 'has been dispatched.' };
  if (parcel.unitsLeft === 0) return { heading: 'The rest of your order is on its way', intro: 'has now shipped in full.' };
  return {
    heading: 'Part of your order is on its way',
    intro: 'is shipping in parts. This parcel holds the items below; we will write again when the rest ships.',
  };
}

function ParcelLines({ lines }: { lines: ParcelLine[] }) {
  return (
    <table width="100%" cellPadding={0} cellSpacing={0} role="presentation" data-text-format="dataTable" style={{ borderCollapse: 'collapse', margin: '0 0 12px' }}>
      <thead>
        <tr>
          <th style={styles.headCell}>In this parcel</th>
          <th style={{ ...styles.headCell, ...styles.number }}>Qty</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => (
          <tr key={i}>
            <ItemCell line={line} />
            <td style={{ ...styles.cell, ...styles.number }}>{line.quantity}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DispatchedMail(p: DispatchedProps) {
  const words = dispatchWords(p.parcel);
  return (
    <MailLayout preview={`Order ${p.reference} is on its way`} shop={p.shop}>
      <Text style={styles.h1}>{words.heading}</Text>
      <Text style={styles.text}>{p.customerName ? `Hello ${p.customerName},` : 'Hello,'}</Text>
      <Text style={styles.text}>
        Order <strong>{p.reference}</strong> {words.intro}
      </Text>
      <BusinessLines companyName={p.companyName} purchaseOrder={p.purchaseOrder} />
      {p.parcel ? <ParcelLines lines={p.parcel.lines} /> : null}
      {p.carrier || p.trackingNumber ? (
        <Section style={{ margin: '0 0 12px' }}>
          {p.carrier ? <Text style={{ ...styles.text, margin: '0 0 4px' }}>Carrier: {p.carrier}</Text> : null}
          {p.trackingNumber ? (
            <Text style={{ ...styles.text, margin: '0 0 4px' }}>
              Tracking number: <span style={{ fontVariantNumeric: 'tabular-nums' }}>{p.trackingNumber}</span>
            </Text>
          ) : null}
        </Section>
      ) : (
        <Text style={styles.text}>The carrier gave no tracking number for this parcel.</Text>
      )}
      <Section style={{ margin: '8px 0 16px' }}>
        {p.trackingUrl ? <ButtonLink href={p.trackingUrl}>Track your parcel</ButtonLink> : null}
        <Text style={{ ...styles.small, marginTop: '12px' }}>
          <a href={p.orderUrl} style={styles.link}>
            View your order
          </a>
        </Text>
      </Section>
    </MailLayout>
  );
}
