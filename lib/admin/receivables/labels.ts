// The words of the Receivables screen and its CSV, written once: the page, the file and the tests use them as they
// are. The ageing buckets' names and an invoice's status are payment terms' own (lib/terms/labels.ts). Pure.
import type { ReceivablesFilter } from './params';

export const RECEIVABLES_SCREEN = {
  title: 'Receivables',
  count: (n: number) => `${n.toLocaleString('en-US')} open ${n === 1 ? 'invoice' : 'invoices'}`,
  export: 'Export CSV',
  totalsHeading: 'What is owed',
  open: 'Open',
  overdue: 'Overdue',
  invoicesOf: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'invoice' : 'invoices'}`,
  openOf: (n: number, amount: string) => `${n.toLocaleString('en-US')} ${n === 1 ? 'invoice' : 'invoices'}, ${amount} open`,
  ofOpen: (percent: number) => `${percent.toFixed(1)}% of open`,
  customersHeading: 'By customer',
  customersShown: (shown: number, total: number) =>
    shown < total ? `The ${shown} customers owing the most overdue, of ${total.toLocaleString('en-US')}.` : null,
  invoicesHeading: 'Open invoices',
  filterLabel: 'Show',
  filters: { all: 'All open', overdue: 'Overdue only' } satisfies Record<ReceivablesFilter, string>,
  empty: 'No open invoices. Every order placed on terms is paid.',
  emptyOverdue: 'No overdue invoices.',
  emptyAccount: 'This customer has no open invoices.',
  accountOnly: (name: string) => `Showing ${name} only.`,
  accountMissing: 'This trade account was not found.',
  showAll: 'Show all customers',
  tradeAccount: 'Trade account',
  notSent: 'Not sent yet',
  notLate: '—',
  lastError: 'Last payment failed',
  columns: {
    order: 'Order',
    customer: 'Customer',
    number: 'Invoice',
    owed: 'Owed',
    due: 'Due',
    late: 'Days overdue',
    status: 'Status',
    invoices: 'Invoices',
  },
  help: 'Owed: each invoice’s amount less credit notes and payments. Days overdue count calendar days past the due day in the shop’s time zone; an invoice due today is current.',
} as const;

/** The figure in the Days overdue column: the days past due, or a dash for an invoice not yet due. */
export function lateText(daysLate: number): string {
  return daysLate > 0 ? daysLate.toLocaleString('en-US') : RECEIVABLES_SCREEN.notLate;
}

export const RECEIVABLES_CSV_COLUMNS = [
  'Customer',
  'Order Ref',
  'Invoice Number',
  'Amount',
  'Owed',
  'Due Date',
  'Days Overdue',
  'Bucket',
  'Status',
] as const;

/** The file's name: receivables-overdue-2026-12-07.csv. */
export function receivablesFileName(filter: ReceivablesFilter, day: string): string {
  return `receivables-${filter === 'overdue' ? 'overdue' : 'open'}-${day}.csv`;
}
