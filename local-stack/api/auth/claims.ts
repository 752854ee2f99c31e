// The access-token claims GoTrue issues (AccessTokenClaims).
import type { JwtClaims } from '../jwt';
import type { UserRow } from './users';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface ClaimsInput {
  issuer: string;
  user: UserRow;
  sessionId: string;
  amr: AmrEntry[];
  aal?: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresIn: number;
}

export function accessTokenClaims(input: ClaimsInput): JwtClaims {
  const { user } = input;
  return {
    aud: user.aud ?? 'authenticated',
    exp: input.issuedAt + input.expiresIn,
    iat: input.issuedAt,
    iss: input.issuer,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || 'authenticated',
    aal: input.aal ?? 'aal1',
    amr: input.amr,
    session_id: input.sessionId,
    is_anonymous: user.is_anonymous,
  };
}
