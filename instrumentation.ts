// Runs once when a Next.js server starts (never during `next build`): the maintenance timer for abandoned checkouts
// and old rate-limit counters. The condition is spelled so the edge bundle drops the Node-only import.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startMaintenanceTimer } = await import('./lib/maintenance/schedule');
    startMaintenanceTimer();
  }
}
