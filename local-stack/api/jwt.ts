// HS256 JWTs signed with the project's JWT secret: access tokens, and the anon/service-role keys.
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';

export type JwtClaims = JWTPayload & Record<string, unknown>;

export type JwtCheck =
  | { ok: true; claims: JwtClaims }
  | { ok: false; expired: boolean; reason: string };

const encoder = new TextEncoder();

export async function signJwt(claims: JwtClaims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(encoder.encode(secret));
}

/** Verifies signature (HS256 only) and exp/nbf; the reason reads like the Go JWT library's messages GoTrue returns. */
export async function verifyJwt(token: string, secret: string): Promise<JwtCheck> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] });
    return { ok: true, claims: payload as JwtClaims };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) {
      return { ok: false, expired: true, reason: 'token has invalid claims: token is expired' };
    }
    if (err instanceof joseErrors.JWSSignatureVerificationFailed) {
      return { ok: false, expired: false, reason: 'token signature is invalid: signature is invalid' };
    }
    if (err instanceof joseErrors.JOSEAlgNotAllowed) {
      return { ok: false, expired: false, reason: 'token is unverifiable: signing method is invalid' };
    }
    if (err instanceof joseErrors.JWTClaimValidationFailed) {
      return { ok: false, expired: false, reason: `token has invalid claims: ${err.message}` };
    }
    return { ok: false, expired: false, reason: 'token is malformed: could not parse token' };
  }
}

export type ApiKeyRole = 'anon' | 'service_role';

/** An API key is one of the project's JWTs whose role is anon or service_role. */
export async function apiKeyRole(key: string | undefined, secret: string): Promise<ApiKeyRole | null> {
  if (!key) return null;
  const check = await verifyJwt(key, secret);
  if (!check.ok) return null;
  const role = check.claims.role;
  return role === 'anon' || role === 'service_role' ? role : null;
}
