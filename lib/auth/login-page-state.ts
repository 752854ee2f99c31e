import 'server-only';
// What /login and /register show: the card's opening view, where to go after signing in, an e-mail link's error,
// or a redirect for someone already signed in (except to set a new password after a recovery link).
import { firstParam, type SearchParams } from '../core/search-params';
import { getCurrentUser } from './user';
import { safeNextPath } from './redirects';
import { isAuthView, linkErrorMessage, type AuthView } from './views';

export type AuthPageState =
  | { kind: 'signed_in'; redirectTo: string }
  | { kind: 'form'; view: AuthView; next: string; error: string | null };

export async function authPageState(params: SearchParams, defaultView: AuthView): Promise<AuthPageState> {
  const next = safeNextPath(firstParam(params.next));
  const asked = firstParam(params.view);
  const view = isAuthView(asked) ? asked : defaultView;
  const user = await getCurrentUser();
  if (user && view !== 'update_password') return { kind: 'signed_in', redirectTo: next };
  return { kind: 'form', view, next, error: linkErrorMessage(firstParam(params.error)) };
}
