import { NextResponse } from 'next/server';
import { defineRoute } from '@/lib/entry/define-route';
import { healthHttpStatus, readHealth } from '@/lib/maintenance/health';

// Asked anew each time: a cached answer would say nothing about the worker now.
export const dynamic = 'force-dynamic';

/**
 * GET /api/health → { status, database, revalidation, oldestDueMailSeconds } for load balancers: 200 when the worker
 * serves (ok, degraded), 503 when its database does not answer or it is stopping. No rate limit: a load balancer
 * asks every few seconds, and an answer under a second old is reused (lib/maintenance/health.ts).
 */
export const GET = defineRoute({ name: 'health', access: 'public' }, async () => {
  const health = await readHealth();
  return NextResponse.json(health, { status: healthHttpStatus(health), headers: { 'cache-control': 'no-store' } });
});
