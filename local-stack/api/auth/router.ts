// Routes /auth/v1/* to the GoTrue handlers and renders their results and errors as GoTrue does.
import { isDataException } from '../db';
import { BodyTooLargeError, decodePathSegment, readBody, redirect, sendEmpty, sendJson, type RequestContext } from '../http';
import { apiKeyRole, type ApiKeyRole } from '../jwt';
import type { StandInLog } from '../../log';
import { authClientAddress, SB_FORWARDED_FOR } from './client-address';
import type { AuthDeps, AuthRequest, AuthResult } from './context';
import {
  API_VERSION_HEADER,
  AuthHttpError,
  OAuthError,
  renderAuthError,
  requestApiVersion,
  unexpectedFailure,
} from './errors';
import { adminCreateUser, adminDeleteUser, adminGetUser, adminListUsers, adminUpdateUser } from './handlers/admin';
import { otp, reauthenticate, recover, resend } from './handlers/mailflows';
import { signup } from './handlers/signup';
import { token } from './handlers/token';
import { getUser, logoutUser, updateUser } from './handlers/user';
import { verifyGet, verifyPost } from './handlers/verify';

const BODY_LIMIT = 1024 * 1024;

/** Paths the API gateway serves without an API key (email links are opened straight from the mail). */
const OPEN_PATHS = new Set(['/verify', '/callback', '/authorize']);

type Handler = (r: AuthRequest, param: string) => Promise<AuthResult>;

function settings(r: AuthRequest): Promise<AuthResult> {
  const autoconfirm = !r.deps.config.settings.enableConfirmations;
  return Promise.resolve({
    status: 200,
    json: {
      external: {
        anonymous_users: false,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        facebook: false,
        figma: false,
        github: false,
        gitlab: false,
        google: false,
        keycloak: false,
        kakao: false,
        linkedin_oidc: false,
        notion: false,
        slack_oidc: false,
        spotify: false,
        twitch: false,
        twitter: false,
        workos: false,
        zoom: false,
        email: true,
        phone: false,
      },
      disable_signup: false,
      mailer_autoconfirm: autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    },
  });
}

const health = (): Promise<AuthResult> =>
  Promise.resolve({
    status: 200,
    json: { version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' },
  });

const jwks = (): Promise<AuthResult> => Promise.resolve({ status: 200, json: { keys: [] } });

function route(method: string, path: string): { handler: Handler; param: string } | 'method' | null {
  const table: Record<string, Partial<Record<string, Handler>>> = {
    '/health': { GET: health },
    '/settings': { GET: settings },
    '/.well-known/jwks.json': { GET: jwks },
    '/signup': { POST: signup },
    '/token': { POST: token },
    '/otp': { POST: otp },
    '/magiclink': { POST: otp },
    '/verify': { GET: verifyGet, POST: verifyPost },
    '/recover': { POST: recover },
    '/resend': { POST: resend },
    '/reauthenticate': { GET: reauthenticate },
    '/user': { GET: getUser, PUT: updateUser },
    '/logout': { POST: logoutUser },
    '/admin/users': { GET: adminListUsers, POST: adminCreateUser },
  };
  const exact = table[path];
  if (exact) {
    const handler = exact[method];
    return handler ? { handler, param: '' } : 'method';
  }
  const user = /^\/admin\/users\/([^/]+)$/.exec(path);
  if (user) {
    const byMethod: Partial<Record<string, Handler>> = { GET: adminGetUser, PUT: adminUpdateUser, DELETE: adminDeleteUser };
    const handler = byMethod[method];
    // Bad percent-encoding is an id that matches nobody ('User not found'), not a crash.
    return handler ? { handler, param: decodePathSegment(user[1]!) ?? '' } : 'method';
  }
  return null;
}

export async function handleAuth(ctx: RequestContext, deps: AuthDeps, log?: StandInLog): Promise<void> {
  const versionHeader = ctx.header('x-supabase-api-version');
  const version = requestApiVersion(versionHeader);
  const versionHeaders: Record<string, string> = version ? { [API_VERSION_HEADER]: version } : {};

  let role: ApiKeyRole | null = null;
  if (!OPEN_PATHS.has(ctx.path)) {
    const key = ctx.header('apikey') ?? ctx.url.searchParams.get('apikey') ?? undefined;
    if (!key) {
      sendJson(ctx.res, 401, {
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
      return;
    }
    role = await apiKeyRole(key, deps.config.jwtSecret);
    if (!role) {
      sendJson(ctx.res, 401, {
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      });
      return;
    }
  }

  let bodyPromise: Promise<Buffer> | undefined;
  const request: AuthRequest = {
    ctx,
    deps,
    body: () => (bodyPromise ??= readBody(ctx.req, BODY_LIMIT)),
    client: {
      userAgent: ctx.header('user-agent'),
      ip: authClientAddress({ role, sbForwardedFor: ctx.header(SB_FORWARDED_FOR), socketAddress: ctx.req.socket.remoteAddress }),
    },
  };

  let result: AuthResult;
  try {
    const found = route(ctx.method, ctx.path);
    if (found === null) throw new AuthHttpError(404, 'not_found', 'Not Found');
    if (found === 'method') throw new AuthHttpError(405, 'method_not_allowed', 'Method Not Allowed');
    const limited = await deps.limiter?.check(request);
    if (limited) throw limited;
    result = await found.handler(request, found.param);
  } catch (err) {
    let failure: AuthHttpError | OAuthError;
    if (err instanceof AuthHttpError || err instanceof OAuthError) failure = err;
    else if (err instanceof BodyTooLargeError) failure = new AuthHttpError(413, 'request_too_large', 'Request body too large');
    else if (isDataException(err)) failure = new AuthHttpError(400, 'validation_failed', 'The request holds a value that is not accepted');
    else {
      log?.(`auth: ${ctx.method} ${ctx.path} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`, 'error');
      failure = unexpectedFailure();
    }
    const rendered = renderAuthError(failure, versionHeader);
    sendJson(ctx.res, rendered.status, rendered.body, rendered.headers);
    return;
  }

  if ('redirect' in result) redirect(ctx.res, result.redirect, 303);
  else if (result.status === 204) sendEmpty(ctx.res, 204, versionHeaders);
  else if ('json' in result) sendJson(ctx.res, result.status, result.json, { ...versionHeaders, ...(result.headers ?? {}) });
}
