// Starts a throwaway local stack for the integration tests: a fresh database with the real migrations, and the
// Auth/Storage and Stripe stand-ins, on the test port base.
import { startTestStack, type TestStack } from '../support/stack';

let stack: TestStack | undefined;

export async function setup() {
  // Most suites sign up to get a session at once; auth.test.ts runs the confirmation road on a second stand-in.
  stack = await startTestStack(undefined, { confirmations: false });
}

export async function teardown() {
  await stack?.stop();
}
