import 'server-only';
// The maintenance timer every app server runs (instrumentation.ts): abandoned checkouts, old rate-limit counters,
// quotes past their last day, tax not yet reported to Stripe Tax, resale certificates near or past their expiry, and
// invoices on payment terms (made at Stripe, reminders, overdue notices).
// Several servers may run it at once; the database functions make that harmless (claimed rows, idempotent deletes).
// On Supabase with pg_cron the database also runs the SQL part on its own schedule.
import { asServiceRole } from '../core/db';
import { logError } from '../core/log';
import { sweepAbandonedCheckouts } from './checkouts';
import { expireQuotes } from '../quotes/expire';
import { reportUnrecordedTax } from '../tax/record';
import { sweepTradeCertificates } from '../trade/expiry';
import { sweepTermsInvoices } from '../terms/sweep';

/** MAINTENANCE_INTERVAL_SECONDS: how often (default 900); 0 turns the timer off on this server. */
export function maintenanceIntervalMs(value = process.env.MAINTENANCE_INTERVAL_SECONDS): number {
  if (value === undefined || value.trim() === '') return 900_000;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? Math.max(10, seconds) * 1000 : 0;
}

export async function runMaintenance(): Promise<void> {
  try {
    await sweepAbandonedCheckouts();
    // Service role: rate-limit counters are server-only rows.
    await asServiceRole((tx) => tx`select public.purge_rate_limits()`);
    await expireQuotes();
    await reportUnrecordedTax();
    await sweepTradeCertificates();
    await sweepTermsInvoices();
  } catch (err) {
    logError('maintenance run failed', err);
  }
}

const globalForTimer = globalThis as unknown as { __shopMaintenance?: NodeJS.Timeout };

export function startMaintenanceTimer(): void {
  const every = maintenanceIntervalMs();
  if (!every || globalForTimer.__shopMaintenance) return;
  // The first run waits a minute, so a starting server serves first; unref: the timer never keeps a process alive.
  const first = setTimeout(() => void runMaintenance(), Math.min(every, 60_000));
  first.unref();
  globalForTimer.__shopMaintenance = setInterval(() => void runMaintenance(), every);
  globalForTimer.__shopMaintenance.unref();
}
