// A guest's details on a quote request, checked in the browser as the server's schema checks them (schema.ts).
// Pure and free of zod, so the request form stays small on product pages.
import { emailError } from '../checkout/contact';

export const QUOTE_REQUEST_PATH = '/api/quotes';

export interface GuestContact {
  name: string;
  email: string;
  phone: string;
}

export function contactErrors(contact: GuestContact): Partial<Record<keyof GuestContact, string>> {
  const errors: Partial<Record<keyof GuestContact, string>> = {};
  if (!contact.name.trim()) errors.name = 'Please enter your name';
  const email = emailError(contact.email);
  if (email) errors.email = email;
  if (!contact.phone.trim()) errors.phone = 'Please enter a phone number';
  return errors;
}
