// Starts a throwaway local stack for the integration tests: a fresh database with the real migrations, and the
// Auth/Storage and Stripe stand-ins, on the test port base. A stand-in's error line fails the run, as in the e2e run.
import { ServerLog } from '../support/server-log';
import { startTestStack, type TestStack } from '../support/stack';

let stack: TestStack | undefined;
const standIns = new ServerLog();

export async function setup() {
  // Most suites sign up to get a session at once; auth.test.ts runs the confirmation road on a second stand-in.
  stack = await startTestStack(undefined, { confirmations: false, log: standIns.standIn });
}

export async function teardown() {
  await stack?.stop();
  const errors = standIns.report();
  if (errors) throw new Error(errors);
}
