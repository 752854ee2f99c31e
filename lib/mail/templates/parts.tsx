// Pieces the shop's mails share: a button link, an address, the order's lines and its totals. Text only, escaped
// by React: product names, addresses and settings can never add markup.
import { Column, Link, Row, Section, Text } from '@react-email/components';
import { Fragment, type ReactNode } from 'react';
import type { Address } from '../../checkout/address';
import { addressLines } from '../../checkout/address-lines';
import { COMPANY_LABEL, PURCHASE_ORDER_LABEL } from '../../checkout/contact';
import { formatCents } from '../../core/format/money';
import { styles } from './theme';

export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={styles.button}>
      {children}
    </Link>
  );
}

export function AddressBlock({ title, address }: { title: string; address: Address | null }) {
  const lines = addressLines(address);
  return (
    <>
      <Text style={{ ...styles.small, fontWeight: 600 }}>{title}</Text>
      <Text style={styles.text}>
        {lines.length === 0
          ? 'Not given'
          : lines.map((line, i) => (
              <Fragment key={i}>
                {i > 0 && <br />}
                {line}
              </Fragment>
            ))}
      </Text>
    </>
  );
}

/** Shipping beside billing on a wide screen; most clients stack the two columns on a phone. */
export function Addresses({ shipping, billing }: { shipping: Address | null; billing: Address | null }) {
  return (
    <Row>
      <Column style={{ paddingRight: '12px', verticalAlign: 'top', width: '50%' }}>
        <AddressBlock title="Shipping address" address={shipping} />
      </Column>
      <Column style={{ verticalAlign: 'top', width: '50%' }}>
        <AddressBlock title="Billing address" address={billing} />
      </Column>
    </Row>
  );
}

export interface MailLine {
  sku: string | null;
  name: string;
  options: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

/** A line's name, SKU and options: the first cell of every lines table. */
export function ItemCell({ line }: { line: Pick<MailLine, 'name' | 'sku' | 'options'> }) {
  return (
    <td style={styles.cell}>
      <strong>{line.name}</strong>
      <br />
      <span style={{ color: '#5F5A52', fontSize: '13px' }}>
        SKU: {line.sku ?? 'N/A'}
        {line.options ? ` · ${line.options}` : ''}
      </span>
    </td>
  );
}

/** The order's lines; in the plain-text part an aligned table (data-text-format, read by React Email's converter). */
export function LinesTable({ lines }: { lines: MailLine[] }) {
  return (
    <table width="100%" cellPadding={0} cellSpacing={0} role="presentation" data-text-format="dataTable" style={{ borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          <th style={styles.headCell}>Item</th>
          <th style={{ ...styles.headCell, ...styles.number }}>Qty</th>
          <th style={{ ...styles.headCell, ...styles.number }}>Unit price</th>
          <th style={{ ...styles.headCell, ...styles.number }}>Total</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => (
          <tr key={i}>
            <ItemCell line={line} />
            <td style={{ ...styles.cell, ...styles.number }}>{line.quantity}</td>
            <td style={{ ...styles.cell, ...styles.number }}>{formatCents(line.unitPriceCents)}</td>
            <td style={{ ...styles.cell, ...styles.number }}>{formatCents(line.lineTotalCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A label and its amount: cents, or the words to show instead ('Free'). */
export type TotalRow = [label: string, amount: number | string];

/** Label and amount rows, the last one in bold when `strongLast`; in the plain text, one aligned line each. */
export function Totals({ rows, strongLast = true }: { rows: TotalRow[]; strongLast?: boolean }) {
  return (
    <table width="100%" cellPadding={0} cellSpacing={0} role="presentation" data-text-format="dataTable" style={{ borderCollapse: 'collapse', marginTop: '12px' }}>
      <tbody>
        {rows.map(([label, amount], i) => {
          const weight = strongLast && i === rows.length - 1 ? 700 : 400;
          const cell = { fontFamily: styles.text.fontFamily, fontSize: '15px', lineHeight: '24px', padding: '2px 8px', fontWeight: weight };
          return (
            <tr key={label}>
              <td style={{ ...cell, textAlign: 'right' }}>{label}</td>
              <td style={{ ...cell, ...styles.number, width: '120px' }}>{typeof amount === 'number' ? formatCents(amount) : amount}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The order's money: the rows before its total (subtotal, shipping, tax; none for an order of goods only). */
export interface ChargeProps {
  charges: TotalRow[];
  /** Why no sales tax was charged, for an exempt order. */
  taxNote: string | null;
}

interface OrderTotalsProps extends ChargeProps {
  lines: MailLine[];
  totalCents: number;
  totalLabel: string;
  /** For an order of goods only: a subtotal row where the lines' sum differs from the total. */
  linesSubtotal?: boolean;
}

/** The order's charge rows and total; for an order of goods only, its total (and a subtotal where asked). */
export function OrderTotals({ lines, totalCents, totalLabel, charges, taxNote, linesSubtotal = false }: OrderTotalsProps) {
  const subtotal = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const before: TotalRow[] = charges.length > 0 ? charges : linesSubtotal && subtotal !== totalCents ? [['Subtotal', subtotal]] : [];
  return (
    <>
      <Totals rows={[...before, [totalLabel, totalCents]]} />
      {taxNote ? <Text style={{ ...styles.small, textAlign: 'right', marginTop: '4px' }}>{taxNote}</Text> : null}
    </>
  );
}

/** The buyer's company and PO number, as the order keeps them (null or absent when not given). */
export interface BusinessProps {
  companyName?: string | null;
  purchaseOrder?: string | null;
}

/** One line each for the company and the PO number, only those given; nothing for an order without them. */
export function BusinessLines({ companyName, purchaseOrder }: BusinessProps) {
  if (!companyName && !purchaseOrder) return null;
  const line = { ...styles.text, margin: '0 0 4px' };
  return (
    <Section style={{ margin: '0 0 12px' }}>
      {companyName ? <Text style={line}>{COMPANY_LABEL}: {companyName}</Text> : null}
      {purchaseOrder ? <Text style={line}>{PURCHASE_ORDER_LABEL}: {purchaseOrder}</Text> : null}
    </Section>
  );
}
