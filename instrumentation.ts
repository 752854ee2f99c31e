// Runs once when a Next.js server starts: the maintenance timer (abandoned checkouts, rate-limit counters), on the
// Node.js runtime of a serving process only (not in the edge runtime, not during `next build`).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startMaintenanceTimer } = await import('./lib/maintenance/schedule');
  startMaintenanceTimer();
}
