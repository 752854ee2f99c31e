// To the buyer when a refund has gone through: why, what it credited, the amount, what remains paid, and the credit
// note (attached).
import { Section, Text } from '@react-email/components';
import { formatCents } from '../../core/format/money';
import { MailLayout, type MailShop } from './layout';
import { BusinessLines, LinesTable, Totals, type BusinessProps, type MailLine } from './parts';
import { styles } from './theme';

export interface RefundProps extends BusinessProps {
  shop: MailShop;
  reference: string;
  customerName: string | null;
  amountCents: number;
  /** What the buyer has paid for the order after this refund and every earlier one. */
  remainingCents: number;
  /** The sales tax within the refund (its credit note's figure); null or 0: none shown. */
  taxCents?: number | null;
  /** The order is paid by invoice on terms: credited on the invoice, not refunded to a card. */
  onTerms?: boolean;
  creditNoteNumber: string | null;
  creditNoteUrl: string | null;
  orderUrl: string;
  /** Why, in words ('Damaged'), and staff's note; null on refunds made without one. */
  reason?: string | null;
  note?: string | null;
  /** The lines the refund credited (shipping as a line of its own); empty for a refund of an amount. */
  creditedLines?: MailLine[];
}

export function RefundMail(p: RefundProps) {
  return (
    <MailLayout preview={`${formatCents(p.amountCents)} refunded for order ${p.reference}`} shop={p.shop}>
      <Text style={styles.h1}>Your refund</Text>
      <Text style={styles.text}>{p.customerName ? `Hello ${p.customerName},` : 'Hello,'}</Text>
      <Text style={styles.text}>
        {p.onTerms ? (
          <>
            We have credited <strong>{formatCents(p.amountCents)}</strong> on the invoice for order{' '}
            <strong>{p.reference}</strong>. If the invoice is still open, it now asks for that much less; if you have paid
            it, the amount goes back the way you paid.
          </>
        ) : (
          <>
            We have refunded <strong>{formatCents(p.amountCents)}</strong> for order <strong>{p.reference}</strong> to
            the card you paid with. It can take 5 to 10 business days to show on your statement.
          </>
        )}
      </Text>
      {p.reason ? (
        <Text style={styles.text}>
          Reason: <strong>{p.reason}</strong>
          {p.note ? ` (${p.note})` : ''}
        </Text>
      ) : null}
      <BusinessLines companyName={p.companyName} purchaseOrder={p.purchaseOrder} />
      {p.creditedLines?.length ? <LinesTable lines={p.creditedLines} /> : null}
      <Totals
        rows={[
          ['Refunded', p.amountCents],
          ...(p.taxCents ? [['of which sales tax', p.taxCents] as [string, number]] : []),
          ['Still paid for this order', p.remainingCents],
        ]}
        strongLast={false}
      />
      <Section style={{ margin: '16px 0' }}>
        {p.creditNoteNumber ? <Text style={styles.text}>Your credit note {p.creditNoteNumber} is attached.</Text> : null}
        {p.creditNoteUrl ? (
          <Text style={styles.small}>
            <a href={p.creditNoteUrl} style={styles.link}>
              Download credit note (PDF)
            </a>
          </Text>
        ) : null}
        <Text style={styles.small}>
          <a href={p.orderUrl} style={styles.link}>
            View your order
          </a>
        </Text>
      </Section>
    </MailLayout>
  );
}
