// The shop settings form's schema: one for the form (checked in the browser first) and the server action, with the
// words of fields.ts. Client-safe: no server imports.
import { z } from 'zod';
import { PHONE_INVALID, PHONE_PATTERN } from '../../checkout/address';
import { text } from '../../core/validation/text';
import { EMAIL_INVALID, SETTINGS_LABELS, SETTINGS_LIMITS, type SettingsField } from './fields';

/** An optional address: empty, or one address on one line (a CR or LF is refused before the address check). */
const optionalEmail = (field: SettingsField) =>
  text({ max: SETTINGS_LIMITS[field], label: SETTINGS_LABELS[field] }).refine((v) => v === '' || z.email().safeParse(v).success, {
    error: EMAIL_INVALID,
  });

export const settingsSchema = z.object(
  {
    shopName: text({
      max: SETTINGS_LIMITS.shopName,
      min: 1,
      label: SETTINGS_LABELS.shopName,
      minMessage: 'Shop name is required',
    }),
    postalAddress: text({ max: SETTINGS_LIMITS.postalAddress, multiline: true, label: SETTINGS_LABELS.postalAddress }),
    supportEmail: optionalEmail('supportEmail'),
    supportPhone: text({ max: SETTINGS_LIMITS.supportPhone, label: SETTINGS_LABELS.supportPhone }).refine(
      (v) => v === '' || PHONE_PATTERN.test(v),
      { error: PHONE_INVALID },
    ),
    taxNumber: text({ max: SETTINGS_LIMITS.taxNumber, label: SETTINGS_LABELS.taxNumber }),
    invoiceFooter: text({ max: SETTINGS_LIMITS.invoiceFooter, multiline: true, label: SETTINGS_LABELS.invoiceFooter }),
    notifyEmail: optionalEmail('notifyEmail'),
  },
  { error: 'Send every settings field.' },
);

export type SettingsInput = z.input<typeof settingsSchema>;
