// To the shop (the settings' notification address) when an order is paid: who ordered, what, for how much.
import { Section, Text } from '@react-email/components';
import { formatCents } from '../../core/format/money';
import { MailLayout, type MailShop } from './layout';
import { BusinessLines, ButtonLink, LinesTable, OrderTotals, type BusinessProps, type ChargeProps, type MailLine } from './parts';
import { styles } from './theme';

export interface OrderNoticeProps extends BusinessProps, ChargeProps {
  shop: MailShop;
  reference: string;
  placedAt: string;
  customerName: string | null;
  customerEmail: string | null;
  customerPhone: string | null;
  lines: MailLine[];
  totalCents: number;
  adminUrl: string;
}

export function OrderNoticeMail(p: OrderNoticeProps) {
  return (
    <MailLayout preview={`New order ${p.reference}: ${formatCents(p.totalCents)}`} shop={p.shop}>
      <Text style={styles.h1}>New order {p.reference}</Text>
      <Text style={styles.text}>Paid {p.placedAt}.</Text>
      <Section style={{ margin: '0 0 12px' }}>
        <Text style={{ ...styles.text, margin: '0 0 4px' }}>Customer: {p.customerName ?? 'Guest'}</Text>
        {p.customerEmail ? <Text style={{ ...styles.text, margin: '0 0 4px' }}>E-mail: {p.customerEmail}</Text> : null}
        {p.customerPhone ? <Text style={{ ...styles.text, margin: '0 0 4px' }}>Phone: {p.customerPhone}</Text> : null}
      </Section>
      <BusinessLines companyName={p.companyName} purchaseOrder={p.purchaseOrder} />
      <LinesTable lines={p.lines} />
      <OrderTotals lines={p.lines} totalCents={p.totalCents} totalLabel="Total" charges={p.charges} taxNote={p.taxNote} />
      <Section style={{ margin: '16px 0' }}>
        <ButtonLink href={p.adminUrl}>Open orders</ButtonLink>
      </Section>
    </MailLayout>
  );
}
