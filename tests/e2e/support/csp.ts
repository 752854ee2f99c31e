// The Content-Security-Policy as the journeys check it: a directive's sources, and the violations a page reports.
import type { Page } from '@playwright/test';

/** The sources of one directive of a policy ('' when it has none). */
export function cspDirective(csp: string | undefined, name: string): string {
  return (csp ?? '').split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
}

/** The policy of pages rendered per request: only scripts carrying this response's nonce run. */
export const NONCE_SCRIPTS = /^script-src 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/;

/** Collects CSP violations the page reports (event and console), from before its first script. */
export async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.exposeFunction('__reportCsp', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp: (v: string) => void }).__reportCsp(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return violations;
}
