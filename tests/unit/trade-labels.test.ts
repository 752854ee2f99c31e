// The words of trade accounts: every state, business type and event has its words, in the buyer's panel and in the
// back office, and the mails and the menu say what they are about.
import { describe, expect, it } from 'vitest';
import { ADMIN_TRADE_STATUS_LABELS, DECISION_TEXT, PENDING_BADGE_WORD, TRADE_EVENT_WORDS, TRADE_SCREEN } from '@/lib/admin/trade/labels';
import { parseTradeAccountsQuery, tradeAccountHref, tradeAccountsHref } from '@/lib/admin/trade/params';
import { approveSchema, declineSchema, moreInfoSchema } from '@/lib/admin/trade/schema';
import { MAIL_KIND_LABELS } from '@/lib/mail/labels';
import { BUSINESS_TYPE_LABELS, TRADE_MAIL, TRADE_PANEL, TRADE_STATUS_BADGE, TRADE_STATUS_LABELS } from '@/lib/trade/labels';
import { BUSINESS_TYPES, certificateHref, TRADE_STATUSES } from '@/lib/trade/types';

const ID = 'aaaaaaaa-0000-4000-8000-000000000001';

describe('trade account words', () => {
  it('name every state for the buyer and for staff, with a badge colour', () => {
    expect(TRADE_STATUSES.map((s) => TRADE_STATUS_LABELS[s])).toEqual(['Pending review', 'More information needed', 'Approved', 'Declined']);
    expect(TRADE_STATUSES.map((s) => ADMIN_TRADE_STATUS_LABELS[s])).toEqual(['Pending', 'More info requested', 'Approved', 'Declined']);
    for (const s of TRADE_STATUSES) expect(TRADE_STATUS_BADGE[s]).toMatch(/^bg-\w+-100 text-\w+-900/);
  });

  it('offer the six business types the form lists', () => {
    expect(BUSINESS_TYPES.map((t) => BUSINESS_TYPE_LABELS[t])).toEqual(['Boutique', 'Department store', 'Online shop', 'Salon or spa', 'Gift shop', 'Other']);
  });

  it('word every event of the history the table allows', () => {
    const kinds = ['submitted', 'resubmitted', 'approved', 'declined', 'more_info', 'changed', 'member_added', 'member_removed', 'expiry_reminded', 'exemption_expired'];
    expect(Object.keys(TRADE_EVENT_WORDS).sort()).toEqual([...kinds].sort());
  });

  it('say what each mail is about, and name the three in the mail panel', () => {
    expect(TRADE_MAIL.applicationSubject('Lily', false)).toBe('Trade account application: Lily');
    expect(TRADE_MAIL.applicationSubject('Lily', true)).toBe('Trade account application (sent again): Lily');
    expect(TRADE_MAIL.approvedSubject('Aurelia')).toBe('Your trade account at Aurelia is approved');
    expect(TRADE_MAIL.expiringBuyerSubject('March 31, 2030')).toBe('Your resale certificate expires on March 31, 2030');
    expect([MAIL_KIND_LABELS.trade_application, MAIL_KIND_LABELS.trade_decision, MAIL_KIND_LABELS.certificate_expiring]).toEqual([
      'Trade application notice',
      'Trade account decision',
      'Certificate expiry reminder',
    ]);
    expect(TRADE_PANEL.exemptUntil('March 31, 2030')).toContain('March 31, 2030');
  });

  it('count accounts, and the pending ones in the menu’s words', () => {
    expect(PENDING_BADGE_WORD).toBe('pending');
    expect(TRADE_SCREEN.count(1)).toBe('1 account');
    expect(TRADE_SCREEN.count(1200)).toBe('1,200 accounts');
  });
});

describe('the screens’ addresses', () => {
  it('keep the status filter and the page in the URL, anything else dropped', () => {
    expect(parseTradeAccountsQuery(new URLSearchParams('status=more_info&page=3'))).toEqual({ status: 'more_info', page: 3 });
    expect(parseTradeAccountsQuery({ status: 'open', page: '-1' })).toEqual({ status: null, page: 1 });
    expect(tradeAccountsHref({ status: 'pending', page: 1 })).toBe('/admin/trade-accounts?status=pending');
    expect(tradeAccountsHref({ status: null, page: 2 })).toBe('/admin/trade-accounts?page=2');
    expect(tradeAccountHref(ID)).toBe(`/admin/trade-accounts/${ID}`);
    expect(certificateHref(ID)).toBe(`/api/trade/certificate?account=${ID}`);
  });
});

describe('decisions', () => {
  it('need an expiry day with an exemption, a reason to decline and a message to ask for more', () => {
    const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => r.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues(approveSchema.safeParse({ accountId: ID, priceGroupId: '', taxExempt: true, expiresOn: '' }))).toEqual([['expiresOn', DECISION_TEXT.expiresRequired]]);
    expect(approveSchema.parse({ accountId: ID, priceGroupId: '', taxExempt: false, expiresOn: '' })).toEqual({ accountId: ID, priceGroupId: null, taxExempt: false, expiresOn: null });
    expect(issues(approveSchema.safeParse({ accountId: 'x', priceGroupId: 'y', taxExempt: false, expiresOn: '' }))?.map((i) => i[0])).toEqual(['accountId', 'priceGroupId']);
    expect(issues(declineSchema.safeParse({ accountId: ID, reason: ' ' }))).toEqual([['reason', DECISION_TEXT.reasonRequired]]);
    expect(issues(moreInfoSchema.safeParse({ accountId: ID, message: 'Send\u0000it' }))).toEqual([['message', 'Message must not contain control characters']]);
    expect(issues(declineSchema.safeParse({ accountId: ID, reason: 'No', ownerId: ID }))?.[0]?.[0]).toBe('');
  });
});
