// The words a buyer sees about a trade account, written once: the account tab, the application form, the route
// handlers' refusals, the mails and the tests use them as they are.
import type { BusinessType, TradeStatus } from './types';

export const TRADE_TAB_LABEL = 'Trade account';

export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  boutique: 'Boutique',
  department_store: 'Department store',
  online_shop: 'Online shop',
  salon_spa: 'Salon or spa',
  gift_shop: 'Gift shop',
  other: 'Other',
};

/** The state of an application, as its owner reads it. */
export const TRADE_STATUS_LABELS: Record<TradeStatus, string> = {
  pending: 'Pending review',
  more_info: 'More information needed',
  approved: 'Approved',
  declined: 'Declined',
};

/** Badge colours in the shop's style (pending yellow, as orders are). */
export const TRADE_STATUS_BADGE: Record<TradeStatus, string> = {
  pending: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  more_info: 'bg-blue-100 text-blue-900 ring-blue-300',
  approved: 'bg-green-100 text-green-900 ring-green-300',
  declined: 'bg-red-100 text-red-900 ring-red-300',
};

export const TRADE_PANEL = {
  heading: 'Trade account',
  intro:
    'Shops that resell our jewelry can apply for a trade account: trade prices, and no sales tax while your resale certificate is valid. We review each application within two business days.',
  applyHeading: 'Apply for a trade account',
  editHeading: 'Update your application',
  status: 'Status',
  submittedOn: (day: string) => `Sent on ${day}`,
  pendingNote: 'Thank you. We are reviewing your application and will e-mail you when it is decided.',
  moreInfoNote: 'We need more information before we can decide:',
  declinedNote: 'Your application was declined:',
  approvedNote: 'Your trade account is open. Trade prices show when you are signed in.',
  priceGroup: (name: string) => `Price group: ${name}`,
  exemptUntil: (day: string) => `Tax exempt until ${day} (the expiry of your resale certificate).`,
  certificate: 'Resale certificate',
  viewCertificate: 'View certificate',
  edit: 'Edit and send again',
  cancelEdit: 'Cancel',
  approvedLocked: 'To change the details of an approved account, please contact us.',
} as const;

export const TRADE_FIELDS = {
  businessName: 'Business name',
  businessType: 'Business type',
  businessTypePlaceholder: 'Select a business type',
  taxId: 'Tax ID (EIN)',
  taxIdHint: 'Nine digits, such as 12-3456789.',
  website: 'Website (optional)',
  phone: 'Business phone',
  address: 'Business address',
  certificate: 'Resale certificate',
  certificateHint: 'PDF, JPG or PNG, up to 10 MB.',
  certificateKeep: (name: string) => `On file: ${name}. Add a new file only to replace it.`,
  dropHere: 'Drop your certificate here, or click to choose a file',
  chosen: (name: string) => `Chosen: ${name}`,
  remove: 'Remove file',
  submit: 'Send application',
  resubmit: 'Send again',
  sending: 'Sending...',
} as const;

/** Field messages (zod) and refusals (route handlers): each says what to do. */
export const TRADE_ERRORS = {
  businessNameRequired: 'Please enter your business name',
  businessTypeRequired: 'Please choose your business type',
  taxIdRequired: 'Please enter your tax ID (EIN)',
  taxIdFormat: 'Enter the EIN as nine digits, such as 12-3456789',
  taxIdPrefix: 'This is not a valid EIN: no EIN starts with these two digits',
  websiteInvalid: 'Enter a web address such as https://example.com',
  phoneRequired: 'Please enter your business phone number',
  phoneInvalid: 'Please enter a valid phone number',
  certificateRequired: 'Please attach your resale certificate',
  certificateType: 'The resale certificate must be a PDF, JPG or PNG file',
  certificateTooLarge: 'The resale certificate is larger than 10 MB',
  certificateEmpty: 'The resale certificate file is empty',
  badForm: 'The application could not be read. Please reload the page and try again.',
  approved: 'Your trade account is already approved. To change its details, please contact us.',
  alreadySent: 'Your application was already sent. Reload the page to see it.',
  otherAccount: 'You already buy for another trade account, so you cannot apply for one of your own.',
  failed: 'Your application could not be sent. Please try again.',
  certificateNotFound: 'This certificate was not found, or it is not yours to open.',
  certificateFailed: 'The certificate could not be opened. Please try again.',
} as const;

export const TRADE_TOASTS = {
  submitted: 'Application sent',
  resubmitted: 'Application sent again',
} as const;

/** What the mails say. */
export const TRADE_MAIL = {
  applicationSubject: (business: string, again: boolean) => `Trade account application${again ? ' (sent again)' : ''}: ${business}`,
  applicationHeading: (again: boolean) => (again ? 'A trade application was sent again' : 'New trade account application'),
  review: 'Review the application',
  openInAdmin: 'Open the trade account',
  contact: (email: string) => `Contact: ${email}`,
  details: { businessType: 'Business type', taxId: 'Tax ID (EIN)', phone: 'Phone', website: 'Website', address: 'Address' },
  approvedSubject: (shop: string) => `Your trade account at ${shop} is approved`,
  approvedText: 'Welcome: your trade account is open. Sign in to see your trade prices.',
  moreInfoSubject: (shop: string) => `Your trade account application at ${shop}: we need more information`,
  moreInfoText: 'Before we can decide on your application, we need more information:',
  declinedSubject: (shop: string) => `About your trade account application at ${shop}`,
  declinedText: 'We are sorry: we cannot open a trade account for you at this time.',
  openAccount: 'Open your account',
  expiringBuyerSubject: (day: string) => `Your resale certificate expires on ${day}`,
  expiringBuyerText: (day: string) =>
    `Your resale certificate on file expires on ${day}. After that day we have to charge sales tax. Please send us your renewed certificate from your account.`,
  expiringShopSubject: (business: string, day: string) => `Resale certificate of ${business} expires on ${day}`,
  expiringShopText: (business: string, day: string) => `The resale certificate of ${business} expires on ${day}; its tax exemption ends then.`,
  hello: (name: string) => `Hello ${name},`,
} as const;
