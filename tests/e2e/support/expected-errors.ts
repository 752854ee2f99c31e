// A journey that provokes an error line on purpose (mail that cannot be sent, a forged webhook) says so here, before
// it provokes it: the run (tests/e2e/run.ts) fails on every error line no test declared, and on every declaration
// no line matched.
import { appendFileSync } from 'node:fs';
import { test } from '@playwright/test';
import { checkExpectation } from '../../support/server-log';

/**
 * Declares that the servers will write an error line of `event` (a JSON line's event, or the stand-in's name) holding
 * `marker`: text only this test's requests put there, such as an e-mail address or an id it made, or a JSON field
 * with its value (`"mail":42,`).
 */
export function expectServerError(event: string, marker: string): void {
  const file = process.env.E2E_EXPECTED_ERRORS;
  if (!file) throw new Error('E2E_EXPECTED_ERRORS is not set: run the journeys through npm run test:e2e');
  const info = test.info();
  const expectation = checkExpectation({ by: [info.project.name, ...info.titlePath].join(' › '), event, marker });
  appendFileSync(file, `${JSON.stringify(expectation)}\n`);
}
