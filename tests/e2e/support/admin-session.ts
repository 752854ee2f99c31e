// The demo admin's session, made once per worker by the same @supabase/ssr client the app uses, as the browser's
// cookies: the sign-in form (and its per-e-mail rate limit) is the sign-in journeys' business, not these.
import { test as base, type BrowserContext } from '@playwright/test';
import { DEMO_USERS } from '../../../supabase/seed/demo-users';
import { cookieJar, serverClient } from '../../support/auth-clients';

type Cookies = Parameters<BrowserContext['addCookies']>[0];

/** Playwright's `test` with every page signed in as the demo admin (on server A, E2E_BASE_URL). */
export const adminTest = base.extend<object, { adminCookies: Cookies }>({
  adminCookies: [
    async ({}, provide) => {
      const jar = cookieJar();
      const { error } = await serverClient(jar).auth.signInWithPassword({ email: DEMO_USERS.admin.email, password: DEMO_USERS.admin.password });
      if (error) throw new Error(`demo admin sign-in failed: ${error.message}`);
      const url = process.env.E2E_BASE_URL!;
      const cookies: [string, string][] = [...jar.cookies, ['shop_signed_in', '1']];
      await provide(cookies.map(([name, value]) => ({ name, value, url, sameSite: 'Lax' as const })));
    },
    { scope: 'worker' },
  ],
  context: async ({ context, adminCookies }, provide) => {
    await context.addCookies(adminCookies);
    await provide(context);
  },
});
