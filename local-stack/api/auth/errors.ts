// GoTrue's error shapes. auth-js picks the error class from these bodies (AuthWeakPasswordError from weak_password,
// AuthSessionMissingError from session_not_found, AuthApiError otherwise), so they are reproduced exactly.

export class AuthHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Only for weak_password: the failed rules ("length", "characters", "pwned"). */
    readonly reasons?: string[],
  ) {
    super(message);
  }
}

/** OAuth2-style errors of the token endpoint: {error, error_description}, always HTTP 400. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const badRequest = (code: string, message: string) => new AuthHttpError(400, code, message);
export const unauthorized = (code: string, message: string) => new AuthHttpError(401, code, message);
export const forbidden = (code: string, message: string) => new AuthHttpError(403, code, message);
export const notFound = (code: string, message: string) => new AuthHttpError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthHttpError(422, code, message);
export const tooManyRequests = (code: string, message: string) => new AuthHttpError(429, code, message);
export const weakPassword = (message: string, reasons: string[]) =>
  new AuthHttpError(422, 'weak_password', message, reasons);

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

/** GoTrue's closest supported API version for the request header, or null for the initial (legacy) version. */
export function requestApiVersion(header: string | undefined): string | null {
  if (!header || !/^\d{4}-\d{2}-\d{2}$/.test(header)) return null;
  const when = Date.parse(`${header}T00:00:00Z`);
  if (Number.isNaN(when)) return null;
  return when >= Date.parse(`${API_VERSION_2024}T00:00:00Z`) ? API_VERSION_2024 : null;
}

export interface RenderedError {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** The body GoTrue sends for an error: {code, message} from API version 2024-01-01 on, {code, error_code, msg} before. */
export function renderAuthError(err: AuthHttpError | OAuthError, apiVersionHeader: string | undefined): RenderedError {
  const version = requestApiVersion(apiVersionHeader);
  const headers: Record<string, string> = version ? { [API_VERSION_HEADER]: version } : {};
  if (err instanceof OAuthError) {
    return { status: 400, body: { error: err.error, error_description: err.description }, headers };
  }
  const body: Record<string, unknown> = version
    ? { code: err.code, message: err.message }
    : { code: err.status, error_code: err.code, msg: err.message };
  if (err.reasons) body.weak_password = { reasons: err.reasons };
  return { status: err.status, body, headers };
}

export function unexpectedFailure(): AuthHttpError {
  return new AuthHttpError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
}
