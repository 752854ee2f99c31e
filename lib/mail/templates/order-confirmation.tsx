// To the buyer when the order is paid: its lines, totals and addresses, with links to the order and its invoice
// (attached as a PDF too).
import { Section, Text } from '@react-email/components';
import type { Address } from '../../checkout/address';
import { formatCents } from '../../core/format/money';
import { MailLayout, type MailShop } from './layout';
import { Addresses, BusinessLines, ButtonLink, LinesTable, OrderTotals, type BusinessProps, type ChargeProps, type MailLine } from './parts';
import { styles } from './theme';

export interface OrderConfirmationProps extends BusinessProps, ChargeProps {
  shop: MailShop;
  reference: string;
  /** Formatted in the shop's time zone. */
  placedAt: string;
  customerName: string | null;
  lines: MailLine[];
  totalCents: number;
  shipping: Address | null;
  billing: Address | null;
  orderUrl: string;
  invoiceUrl: string;
  invoiceNumber: string | null;
}

export function OrderConfirmationMail(p: OrderConfirmationProps) {
  return (
    <MailLayout preview={`Order ${p.reference} confirmed: ${formatCents(p.totalCents)}`} shop={p.shop}>
      <Text style={styles.h1}>Order Confirmed!</Text>
      <Text style={styles.text}>{p.customerName ? `Hello ${p.customerName},` : 'Hello,'}</Text>
      <Text style={styles.text}>
        Thank you for your order. We have received your payment for order <strong>{p.reference}</strong>, placed{' '}
        {p.placedAt}.
        {p.invoiceNumber ? ` Your invoice ${p.invoiceNumber} is attached.` : ''}
      </Text>
      <BusinessLines companyName={p.companyName} purchaseOrder={p.purchaseOrder} />
      <Text style={styles.h2}>Your items</Text>
      <LinesTable lines={p.lines} />
      <OrderTotals lines={p.lines} totalCents={p.totalCents} totalLabel="Total paid" charges={p.charges} taxNote={p.taxNote} linesSubtotal />
      <Section style={{ marginTop: '16px' }}>
        <Addresses shipping={p.shipping} billing={p.billing} />
      </Section>
      <Section style={{ margin: '8px 0 16px' }}>
        <ButtonLink href={p.orderUrl}>View your order</ButtonLink>
        <Text style={{ ...styles.small, marginTop: '12px' }}>
          <a href={p.invoiceUrl} style={styles.link}>
            Download invoice (PDF)
          </a>
        </Text>
      </Section>
      <Text style={styles.text}>We will write again when your order is dispatched.</Text>
    </MailLayout>
  );
}
