// The shop settings form's fields: labels, limits and messages, written once for the form, the server action and
// the history. Pure and free of zod, so the form ships without a schema library (schema.ts loads on the first save).

export const SETTINGS_SAVED = 'Settings saved';
export const SETTINGS_FAILED = 'Failed to save settings';
export const EMAIL_INVALID = 'Please enter a valid email address';

/** Limits of public.shop_settings' checks. */
export const SETTINGS_LIMITS = {
  shopName: 120,
  postalAddress: 500,
  supportEmail: 320,
  supportPhone: 40,
  taxNumber: 60,
  invoiceFooter: 1000,
  notifyEmail: 320,
} as const;

export type SettingsField = keyof typeof SETTINGS_LIMITS;

export const SETTINGS_LABELS: Record<SettingsField, string> = {
  shopName: 'Shop name',
  postalAddress: 'Postal address',
  supportEmail: 'Support email',
  supportPhone: 'Support phone',
  taxNumber: 'Tax or VAT number',
  invoiceFooter: 'Invoice footer',
  notifyEmail: 'Notification email',
};

/** The history's column names (public.shop_settings_events.field) as the form names them. */
export const SETTINGS_COLUMNS: Record<string, SettingsField> = {
  shop_name: 'shopName',
  postal_address: 'postalAddress',
  support_email: 'supportEmail',
  support_phone: 'supportPhone',
  tax_number: 'taxNumber',
  invoice_footer: 'invoiceFooter',
  notify_email: 'notifyEmail',
};
