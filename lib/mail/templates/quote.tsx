// The quote mails: the shop's notice of a new request, the buyer's acknowledgement of it, the buyer's quote with its
// link, and a decline.
import { Section, Text } from '@react-email/components';
import { formatCents } from '../../core/format/money';
import { MailLayout, type MailShop } from './layout';
import { ButtonLink, ItemCell, LinesTable, Totals, type MailLine } from './parts';
import { styles } from './theme';

/** Lines without prices yet: item and quantity. */
function UnpricedLines({ lines }: { lines: { name: string; sku: string | null; options: string; quantity: number }[] }) {
  return (
    <table width="100%" cellPadding={0} cellSpacing={0} role="presentation" data-text-format="dataTable" style={{ borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          <th style={styles.headCell}>Item</th>
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

export interface QuoteRequestNoticeProps {
  shop: MailShop;
  reference: string;
  name: string;
  email: string;
  phone: string | null;
  message: string | null;
  /** Lines without prices yet: name, SKU, options and quantity. */
  lines: { name: string; sku: string | null; options: string; quantity: number }[];
  adminUrl: string;
}

export function QuoteRequestNoticeMail(p: QuoteRequestNoticeProps) {
  return (
    <MailLayout preview={`Quote request ${p.reference} from ${p.name}`} shop={p.shop}>
      <Text style={styles.h1}>Quote request {p.reference}</Text>
      <Section style={{ margin: '0 0 12px' }}>
        <Text style={{ ...styles.text, margin: '0 0 4px' }}>From: {p.name}</Text>
        <Text style={{ ...styles.text, margin: '0 0 4px' }}>E-mail: {p.email}</Text>
        {p.phone ? <Text style={{ ...styles.text, margin: '0 0 4px' }}>Phone: {p.phone}</Text> : null}
      </Section>
      {p.message ? <Text style={styles.text}>“{p.message}”</Text> : null}
      <UnpricedLines lines={p.lines} />
      <Section style={{ margin: '16px 0' }}>
        <ButtonLink href={p.adminUrl}>Answer the request</ButtonLink>
      </Section>
    </MailLayout>
  );
}

export interface QuoteReceivedProps {
  shop: MailShop;
  reference: string;
  name: string;
  message: string | null;
  lines: { name: string; sku: string | null; options: string; quantity: number }[];
  quoteUrl: string;
}

export function QuoteReceivedMail(p: QuoteReceivedProps) {
  return (
    <MailLayout preview={`We have your quote request ${p.reference}`} shop={p.shop}>
      <Text style={styles.h1}>We have your quote request {p.reference}</Text>
      <Text style={styles.text}>{greeting(p.name)}</Text>
      <Text style={styles.text}>Thank you for asking. We will e-mail you our prices, usually within one business day.</Text>
      {p.message ? <Text style={styles.text}>Your note: “{p.message}”</Text> : null}
      <UnpricedLines lines={p.lines} />
      <Section style={{ margin: '16px 0' }}>
        <ButtonLink href={p.quoteUrl}>View your request</ButtonLink>
      </Section>
    </MailLayout>
  );
}

/** 'Hello Ada Lovelace,'; a buyer known only by their e-mail address is not greeted by it. */
export const greeting = (name: string | null) => (name && !name.includes('@') ? `Hello ${name},` : 'Hello,');

export interface QuoteSentProps {
  shop: MailShop;
  reference: string;
  name: string;
  lines: MailLine[];
  totalCents: number;
  validUntil: string;
  shopMessage: string | null;
  quoteUrl: string;
}

export function QuoteSentMail(p: QuoteSentProps) {
  return (
    <MailLayout preview={`Your quote ${p.reference}: ${formatCents(p.totalCents)}, valid until ${p.validUntil}`} shop={p.shop}>
      <Text style={styles.h1}>Your quote {p.reference}</Text>
      <Text style={styles.text}>{greeting(p.name)}</Text>
      <Text style={styles.text}>
        Here are our prices for your request. They hold until <strong>{p.validUntil}</strong>.
      </Text>
      {p.shopMessage ? <Text style={styles.text}>{p.shopMessage}</Text> : null}
      <LinesTable lines={p.lines} />
      <Totals rows={[['Total', p.totalCents]]} />
      <Section style={{ margin: '16px 0' }}>
        <ButtonLink href={p.quoteUrl}>View and accept your quote</ButtonLink>
      </Section>
      <Text style={styles.small}>Accepting takes you to a secure card payment for exactly these prices.</Text>
    </MailLayout>
  );
}

export interface QuoteDeclinedProps {
  shop: MailShop;
  reference: string;
  name: string;
  reason: string;
  quoteUrl: string;
}

export function QuoteDeclinedMail(p: QuoteDeclinedProps) {
  return (
    <MailLayout preview={`About your quote request ${p.reference}`} shop={p.shop}>
      <Text style={styles.h1}>About your quote request {p.reference}</Text>
      <Text style={styles.text}>{greeting(p.name)}</Text>
      <Text style={styles.text}>We are sorry: we cannot offer a quote for this request.</Text>
      <Text style={styles.text}>{p.reason}</Text>
      <Section style={{ margin: '16px 0' }}>
        <ButtonLink href={p.quoteUrl}>View your request</ButtonLink>
      </Section>
    </MailLayout>
  );
}
