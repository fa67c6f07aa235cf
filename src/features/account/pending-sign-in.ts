/**
 * A sign-up made without the Firebase SDK (decision 0320) leaves the SDK without its signed-in
 * user, which is what refreshes the token later (decision 0224). The register call answers a
 * custom token for the new account; it is kept here, in this tab's sessionStorage, and the next
 * page trades it for the SDK's own sign-in when the SDK is first loaded (loadAuth) or once the page
 * is idle, whichever comes first. Then it is removed: it is good for an hour and for one account.
 */
import type { Auth } from "firebase/auth";

const KEY = "resin.pendingSignIn";

interface Pending {
  uid: string;
  token: string;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function rememberSignIn(uid: string, token: string): void {
  storage()?.setItem(KEY, JSON.stringify({ uid, token } satisfies Pending));
}

export function pendingSignIn(): Pending | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Pending>;
    return typeof parsed.uid === "string" && typeof parsed.token === "string"
      ? { uid: parsed.uid, token: parsed.token }
      : null;
  } catch {
    return null;
  }
}

export function forgetSignIn(): void {
  storage()?.removeItem(KEY);
}

/**
 * Signs this page's SDK in with the kept token when it belongs to the session's account (`uid`)
 * and the SDK holds nobody else; a token for another account, or a failure, is dropped (the
 * session then lives on its cookie's token, as a session whose SDK user went away does).
 */
export async function finishPendingSignIn(auth: Auth, uid: string | undefined): Promise<void> {
  const pending = pendingSignIn();
  if (!pending) return;
  forgetSignIn();
  if (pending.uid !== uid || auth.currentUser?.uid === uid) return;
  try {
    const { signInWithCustomToken } = await import("firebase/auth");
    await signInWithCustomToken(auth, pending.token);
  } catch (error) {
    console.warn("[session] the new account could not be signed in to Firebase", error);
  }
}
