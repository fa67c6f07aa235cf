/**
 * The error an API handler throws to answer with a status and `{ error }` (src/server/http.ts turns
 * it into the answer).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Headers the answer carries too (Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
    /** A stable name a client may act on (`{ error, code }`), where a refusal needs its own handling. */
    readonly code?: string,
  ) {
    super(message);
  }
}
