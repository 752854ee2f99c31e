// PKCE flow state (auth.flow_state): created when a mail flow starts with a code challenge, turned into an auth
// code when its link is opened through GET /verify, and exchanged for a session by POST /token?grant_type=pkce.
import type { Db } from '../db';
import { badRequest, notFound } from './errors';
import { isValidCodeChallenge, parseCodeChallengeMethod, pkceVerifierMatches, type CodeChallengeMethod } from './tokens';

export interface PkceParams {
  challenge: string;
  method: CodeChallengeMethod;
}

/** null for the implicit flow (no challenge); GoTrue's validatePKCEParams errors otherwise. */
export function pkceParams(challenge: string | null | undefined, method: string | null | undefined): PkceParams | null {
  if (!challenge && !method) return null;
  if (!challenge || !method) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  if (!isValidCodeChallenge(challenge)) {
    throw badRequest(
      'validation_failed',
      challenge.length < 43 || challenge.length > 128
        ? 'code challenge has to be between 43 and 128 characters'
        : 'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  const parsed = parseCodeChallengeMethod(method);
  if (!parsed) throw badRequest('validation_failed', `code challenge method ${method} not supported`);
  return { challenge, method: parsed };
}

/** Authentication methods as GoTrue names them in flow states and AMR claims. */
export type FlowMethod = 'magiclink' | 'email/signup' | 'recovery' | 'email_change' | 'invite';

export async function createFlowState(db: Db, userId: string, pkce: PkceParams, method: FlowMethod): Promise<void> {
  await db`
    insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
                                 created_at, updated_at, authentication_method)
    values (gen_random_uuid(), ${userId}, gen_random_uuid()::text, ${pkce.method}::auth.code_challenge_method,
            ${pkce.challenge}, ${method === 'email/signup' ? 'email' : method}, now(), now(), ${method})`;
}

/** The auth code of the user's newest flow state for this method (GoTrue's issueAuthCode). */
export async function issueAuthCode(db: Db, userId: string, method: FlowMethod, expirySeconds: number): Promise<string> {
  const [flow] = await db<{ id: string; auth_code: string; created_at: Date }[]>`
    select id, auth_code, created_at from auth.flow_state
    where user_id = ${userId} and authentication_method = ${method}
    order by created_at desc limit 1`;
  if (!flow) throw badRequest('flow_state_not_found', 'No associated flow state found. No valid flow state found for user.');
  if (flow.created_at.getTime() + expirySeconds * 1000 < Date.now()) {
    throw badRequest('flow_state_expired', 'No associated flow state found. Flow state is expired');
  }
  await db`update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = ${flow.id}`;
  return flow.auth_code;
}

/** Checks and consumes an auth code; returns the user and the authentication method to record. */
export async function consumeAuthCode(
  db: Db,
  authCode: string,
  verifier: string,
  expirySeconds: number,
): Promise<{ userId: string; method: string }> {
  const [flow] = await db<
    {
      id: string;
      user_id: string | null;
      code_challenge: string;
      code_challenge_method: CodeChallengeMethod;
      authentication_method: string;
      created_at: Date;
      auth_code_issued_at: Date | null;
    }[]
  >`select * from auth.flow_state where auth_code = ${authCode} for update`;
  if (!flow || !flow.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  const issued = flow.auth_code_issued_at ?? flow.created_at;
  if (issued.getTime() + expirySeconds * 1000 < Date.now()) {
    throw badRequest('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (!pkceVerifierMatches(flow.code_challenge_method, flow.code_challenge, verifier)) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await db`delete from auth.flow_state where id = ${flow.id}`;
  return { userId: flow.user_id, method: flow.authentication_method };
}
