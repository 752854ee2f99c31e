// To the buyer when staff set the order to dispatched: the carrier, the tracking number and the carrier's link.
import { Section, Text } from '@react-email/components';
import { MailLayout, type MailShop } from './layout';
import { BusinessLines, ButtonLink, type BusinessProps } from './parts';
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
}

export function DispatchedMail(p: DispatchedProps) {
  return (
    <MailLayout preview={`Order ${p.reference} is on its way`} shop={p.shop}>
      <Text style={styles.h1}>Your order is on its way</Text>
      <Text style={styles.text}>{p.customerName ? `Hello ${p.customerName},` : 'Hello,'}</Text>
      <Text style={styles.text}>
        Order <strong>{p.reference}</strong> has been dispatched.
      </Text>
      <BusinessLines companyName={p.companyName} purchaseOrder={p.purchaseOrder} />
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
