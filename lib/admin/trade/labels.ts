// The words of the Trade accounts screens, written once: the pages, the decision forms, the actions and the tests
// use them as they are.
import { formatCents } from '../../core/format/money';
import type { TradeStatus } from '../../trade/types';

export const TRADE_SCREEN = {
  title: 'Trade accounts',
  back: '← Trade accounts',
  count: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'account' : 'accounts'}`,
  empty: 'No trade accounts found',
  statusFilter: 'Status',
  allStatuses: 'All statuses (pending first)',
  loading: 'Loading trade accounts…',
  columns: { business: 'Business', contact: 'Contact', type: 'Type', submitted: 'Sent', status: 'Status' },
  details: 'Application',
  fields: {
    businessType: 'Business type',
    taxId: 'Tax ID (EIN)',
    website: 'Website',
    phone: 'Phone',
    address: 'Address',
    contact: 'Account',
    submitted: 'Sent',
    decided: 'Decided',
    priceGroup: 'Price group',
    exemption: 'Tax exemption',
    certificate: 'Resale certificate',
  },
  noCertificate: 'No certificate on file',
  openCertificate: (name: string) => `Open ${name}`,
  certificateNote: 'Opens for one minute in a new tab.',
  exemptUntil: (day: string) => `Exempt until ${day}`,
  certificateExpires: (day: string) => `certificate expires ${day}`,
  notExempt: 'Not exempt',
  noGroup: 'None (list prices)',
  history: 'History',
  by: (email: string) => ` by ${email}`,
  mail: 'Mail',
} as const;

/** The side menu's badge: 'Trade accounts, 3 pending'. */
export const PENDING_BADGE_WORD = 'pending';

export const ADMIN_TRADE_STATUS_LABELS: Record<TradeStatus, string> = {
  pending: 'Pending',
  more_info: 'More info requested',
  approved: 'Approved',
  declined: 'Declined',
};

export const TRADE_EVENT_WORDS = {
  submitted: 'Application sent',
  resubmitted: 'Application sent again',
  approved: 'Approved',
  declined: 'Declined',
  more_info: 'Asked for more information',
  changed: 'Changed',
  member_added: 'Buyer added',
  member_removed: 'Buyer removed',
  expiry_reminded: 'Certificate expiry reminder sent',
  exemption_expired: 'Tax exemption ended (certificate expired)',
} as const;
export type TradeEventKind = keyof typeof TRADE_EVENT_WORDS;

export const DECISION_TEXT = {
  heading: 'Decision',
  approve: 'Approve',
  decline: 'Decline',
  moreInfo: 'Ask for more',
  priceGroup: 'Price group',
  noGroup: 'No price group (list prices)',
  taxExempt: 'Tax exempt with the resale certificate',
  expiresOn: 'Certificate expires on',
  expiresHint: 'The exemption ends after this day; the buyer and the shop are reminded 30 days before.',
  reason: 'Reason for the buyer',
  message: 'What the buyer should send or tell us',
  sendDecline: 'Decline application',
  sendMoreInfo: 'Send request',
  cancel: 'Cancel',
  approved: (business: string) => `${business} approved`,
  declined: (business: string) => `${business} declined`,
  askedForMore: (business: string) => `More information asked of ${business}`,
  approveFailed: 'Failed to approve the application',
  declineFailed: 'Failed to decline the application',
  moreInfoFailed: 'Failed to send the request',
  expiresRequired: 'Give the day the resale certificate expires',
  expiresInPast: 'The certificate’s expiry day must be after today',
  reasonRequired: 'Give the buyer a reason',
  messageRequired: 'Tell the buyer what you need',
  groupGone: 'This price group no longer exists. Choose another.',
  notFound: 'This trade account was not found.',
  exemptReason: 'Resale certificate on file',
  current: (label: string) => `Now: ${label}`,
} as const;

/** The account page's Payment terms panel, its action and its history lines. */
export const TERMS_TEXT = {
  heading: 'Payment terms',
  terms: 'Payment terms',
  none: 'None (pay by card)',
  net: (days: number) => `Net ${days}`,
  creditLimit: 'Credit limit (dollars)',
  limitHint: 'What the account’s unpaid invoices may add up to. An order that would go over it is paid by card.',
  save: 'Save terms',
  current: 'Terms now',
  open: 'Open invoices',
  available: 'Available credit',
  noTerms: 'No payment terms',
  described: (days: number, limitCents: number) => `Net ${days}, credit limit ${formatCents(limitCents)}`,
  notApprovedNote: 'Payment terms can be given once the account is approved.',
  saved: (business: string) => `Payment terms of ${business} saved`,
  saveFailed: 'Failed to save the payment terms',
  daysInvalid: 'Choose None, Net 15, Net 30 or Net 60',
  limitRequired: 'Give a credit limit in dollars',
  limitInvalid: 'Enter the credit limit in dollars, like 5000 or 5000.00',
  limitRange: 'The credit limit must be between $0 and $1,000,000,000',
  notApproved: 'Only an approved trade account can be given payment terms.',
} as const;
