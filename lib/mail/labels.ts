// The words staff see for the outbox's messages (the admin's Mail panel). Pure and client-safe.
import type { MailKind } from './outbox';

export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed';

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  order_confirmation: 'Order confirmation',
  order_notice: 'New-order notice',
  dispatched: 'Dispatch notice',
  refund: 'Refund notice',
  quote_request: 'Quote request notice',
  quote_received: 'Quote request received',
  quote_sent: 'Quote',
  quote_declined: 'Quote declined',
  trade_application: 'Trade application notice',
  trade_decision: 'Trade account decision',
  certificate_expiring: 'Certificate expiry reminder',
  trade_invite: 'Trade account invitation',
  terms_invoice: 'Invoice to pay',
  terms_reminder: 'Payment reminder',
  terms_overdue: 'Overdue notice',
  shipment: 'Shipment notice',
};

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

/** Badge colours in the admin's style: tinted ground, dark text of the same hue. */
export const MAIL_STATUS_BADGE: Record<MailStatus, string> = {
  queued: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  sending: 'bg-blue-100 text-blue-900 ring-blue-300',
  sent: 'bg-green-100 text-green-900 ring-green-300',
  failed: 'bg-red-100 text-red-900 ring-red-300',
};

/** Where a message with no recipient of its own goes. */
export const SHOP_RECIPIENT_LABEL = "The shop's notification address";

export const RESEND_SUCCESS = 'Mail queued to send again';
export const RESEND_FAILURE = 'Failed to resend mail';
export const RESEND_NOT_FAILED = 'Only a failed message can be sent again; this one is already queued or sent.';
