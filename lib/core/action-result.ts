// What a server action answers. Shared by the server wrapper and the client forms (no server imports here).

export type ActionResult<T = undefined> =
  | { ok: true; data: T; message?: string }
  | {
      ok: false;
      /** HTTP-like status: 400 bad input, 401 not signed in, 403 not allowed, 404, 409, 429, 500. */
      status: number;
      error: string;
      /** Field name → message, shown beside the field. */
      fieldErrors?: Record<string, string>;
      /** Given for unexpected failures: the log line to look for. */
      requestId?: string;
    };

/** A refusal meant for the person: shown as written, with field errors when the form can place them. */
export class ActionError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ActionError';
  }
}
