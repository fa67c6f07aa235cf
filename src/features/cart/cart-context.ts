/**
 * The one mutable record the cart's modules share about the current session (which sign-in is
 * current, its token and user, the running sign-in, the channel to other tabs). Only the cart's
 * own modules touch it.
 */
export type SignInOutcome = "server" | "merged" | "prompt" | "failed" | "superseded";

export const session = {
  /** Bumped by every sign-in and sign-out: answers of an older session are not applied. */
  epoch: 0,
  /** The token given to onSignedIn (the `token` cookie wins when present). */
  token: null as string | null,
  /** The signed-in user's subject (sessionSubject), the key of the remembered count. */
  subject: null as string | null,
  /** The running sign-in, so a second call with the same token shares it. */
  signInRun: null as { token: string | null; promise: Promise<SignInOutcome> } | null,
  /** Other tabs of the same account cart. */
  channel: null as BroadcastChannel | null,
};
