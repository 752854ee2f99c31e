// Every variable a hosted deployment needs, well formed, for tests of the start-up checks (lib/core/env.ts): a test
// takes one out or spoils it.
export const HOSTED_ENV: Readonly<Record<string, string>> = {
  NEXT_PUBLIC_SUPABASE_URL: 'https://abc.supabase.co',
  NEXT_PUBLIC_SUPABASE_ANON_KEY: 'a'.repeat(40),
  SUPABASE_SERVICE_ROLE_KEY: 'b'.repeat(40),
  DATABASE_URL: 'postgresql://u:p@db.example.com:6543/postgres',
  STRIPE_SECRET_KEY: 'sk_test_123',
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
  SITE_URL: 'https://shop.example.com',
  CHECKOUT_COOKIE_SECRET: 'x'.repeat(40),
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  MAIL_FROM: 'Aurelia Fine Jewelry <orders@shop.example.com>',
  SHOP_NOTIFY_EMAIL: 'orders@shop.example.com',
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: `${'A'.repeat(43)}=`,
};
