import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { createSupabaseServerClient } from '@/lib/supabase/server';
import { safeNextPath } from '@/lib/auth/redirects';

// E-mail links (confirmation, magic link, recovery) land here: Supabase's server-side token-hash flow.
const query = z.object({
  token_hash: z.string().min(10),
  type: z.enum(['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email']),
  next: z.string().optional(),
});

export async function GET(request: NextRequest) {
  const parsed = query.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  const url = request.nextUrl.clone();
  url.search = '';
  if (!parsed.success) {
    url.pathname = '/login';
    url.searchParams.set('error', 'The link is invalid or incomplete.');
    return NextResponse.redirect(url);
  }
  const supabase = await createSupabaseServerClient();
  const { error } = await supabase.auth.verifyOtp({ token_hash: parsed.data.token_hash, type: parsed.data.type });
  if (error) {
    url.pathname = '/login';
    url.searchParams.set('error', error.message);
    return NextResponse.redirect(url);
  }
  url.pathname = parsed.data.type === 'recovery' ? '/login' : safeNextPath(parsed.data.next);
  if (parsed.data.type === 'recovery') url.searchParams.set('view', 'update_password');
  return NextResponse.redirect(url);
}
