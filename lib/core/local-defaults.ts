// The well-known `supabase start` values, and placeholders for the offline Stripe stand-in.
// None of these is a secret: they only ever reach services on this machine.
export const LOCAL_DEFAULTS = {
  supabaseUrl: 'http://127.0.0.1:54321',
  anonKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
  serviceRoleKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU',
  jwtSecret: 'super-secret-jwt-token-with-at-least-32-characters-long',
  databaseUrl: 'postgresql://postgres:postgres@127.0.0.1:54322/postgres',
  stripeSecretKey: 'sk_test_local_standin',
  stripePublishableKey: 'pk_test_local_standin',
  stripeWebhookSecret: 'whsec_local_standin_signing_secret',
  stripeApiBase: 'http://127.0.0.1:12111',
  siteUrl: 'http://localhost:3000',
  /** The local SMTP server (local-stack/smtp), on the port `supabase start` gives its own mail catcher's SMTP. */
  smtpUrl: 'smtp://127.0.0.1:54325',
  mailFrom: 'Aurelia Fine Jewelry <orders@aurelia.test>',
  shopNotifyEmail: 'orders@aurelia.test',
} as const;

export function isLocalUrl(url: string): boolean {
  try {
    const { hostname } = new URL(url);
    return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
  } catch {
    return false;
  }
}
