// E-mail links land here (confirmation, magic link, recovery): the token-hash links of the local stand-in and of
// Supabase's SSR mail templates (?token_hash&type), and the ?code= redirects of Supabase's default templates, which
// the browser that asked for the mail can exchange. Either way the session cookies are set and `next` opens.
import { z } from 'zod';
import { confirmDestination } from '@/lib/auth/email-links';
import { defineRoute } from '@/lib/entry/define-route';
import { logWarn } from '@/lib/core/log';
import { createSupabaseServerClient } from '@/lib/core/supabase/server';
import type { LinkError } from '@/lib/auth/views';

export const dynamic = 'force-dynamic';

const tokenLink = z.object({
  token_hash: z.string().min(10).max(200).regex(/^[A-Za-z0-9_-]+$/),
  type: z.enum(['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email']),
});
const codeLink = z.object({ code: z.string().min(10).max(200).regex(/^[A-Za-z0-9_-]+$/) });

export const GET = defineRoute({ name: 'auth.confirm', access: 'public' }, async (request, { requestId }) => {
  const params = new URL(request.url).searchParams;
  const query = Object.fromEntries(params);
  // A relative Location keeps the host the browser used (and so the cookies set on it).
  const to = (path: string) => new Response(null, { status: 303, headers: { location: path, 'cache-control': 'no-store' } });
  const failed = (reason: string): Response => {
    logWarn('auth.confirm: link refused', { requestId, reason });
    const code: LinkError = 'link_invalid';
    return to(`/login?error=${code}`);
  };

  const supabase = await createSupabaseServerClient();
  const byToken = tokenLink.safeParse(query);
  const byCode = codeLink.safeParse(query);
  let type: string;
  if (byToken.success) {
    const { error } = await supabase.auth.verifyOtp({ token_hash: byToken.data.token_hash, type: byToken.data.type });
    if (error) return failed(error.code ?? error.message);
    type = byToken.data.type;
  } else if (byCode.success) {
    const { error } = await supabase.auth.exchangeCodeForSession(byCode.data.code);
    if (error) return failed(error.code ?? error.message);
    type = 'code';
  } else {
    return failed('malformed');
  }
  // A recovery link always ends on the new-password form, whatever `next` says.
  return to(type === 'recovery' ? '/login?view=update_password' : confirmDestination(params.get('next')));
});
