/**
 * The Firebase ID token behind the session (docs/product.md §4): while a tab is open, Firebase's refreshes
 * (onIdTokenChanged) rewrite the `token` cookie, so the server never sees a stale token while the
 * session lives; a session that ended, or whose Firebase user went away, is cleared.
 *
 * The Firebase SDK is imported on demand only: visitors without a session never load it.
 */
import { readCookie, TOKEN_COOKIE, USER_COOKIE } from "~/lib/cookies";
import { $token, $user, clearSession, writeTokenCookie } from "./session-state";

export async function loadAuth() {
  const { getFirebaseAuth } = await import("./firebase-client");
  return getFirebaseAuth();
}

let flows = 0;

/** Sign-in flows wrap their work in this so the token listener does not fight them. */
export async function duringAuthFlow<T>(work: () => Promise<T>): Promise<T> {
  flows++;
  try {
    return await work();
  } finally {
    flows--;
  }
}

/**
 * A token that stays valid for at least `minValidityMs`, refreshed through Firebase when needed
 * (and the `token` cookie rewritten). Falls back to the cookie's token when Firebase has no user.
 */
export async function freshToken(minValidityMs = 5 * 60_000): Promise<string | null> {
  const user = $user.get();
  if (!user) return null;
  try {
    const auth = await loadAuth();
    const fbUser = auth.currentUser;
    if (fbUser && fbUser.uid === user.uid) {
      const result = await fbUser.getIdTokenResult();
      const left = Date.parse(result.expirationTime) - Date.now();
      const token = left < minValidityMs ? await fbUser.getIdToken(true) : result.token;
      if (token !== $token.get()) writeTokenCookie(token);
      return token;
    }
  } catch (error) {
    console.warn("[session] could not refresh the sign-in token", error);
  }
  return $token.get();
}

let syncing: Promise<void> | undefined;

/** Follows Firebase's token refreshes while the tab is open (started when a session exists). */
export function startSessionSync(): Promise<void> {
  syncing ??= (async () => {
    const auth = await loadAuth();
    const { onIdTokenChanged, signOut } = await import("firebase/auth");
    onIdTokenChanged(auth, async (fbUser) => {
      if (flows > 0) return;
      const user = $user.get();
      const sessionAlive =
        user !== null && readCookie(USER_COOKIE) !== null && readCookie(TOKEN_COOKIE) !== null;
      if (!sessionAlive) {
        // The 30-minute session is over (or was never started here): Firebase's own sign-in ends too.
        if (fbUser) await signOut(auth).catch(() => {});
        if (user) clearSession();
        return;
      }
      if (!fbUser || fbUser.uid !== user.uid) {
        // Signed out elsewhere, disabled, or another account: this session is no longer backed.
        clearSession();
        return;
      }
      const token = await fbUser.getIdToken().catch(() => null);
      if (token && token !== $token.get()) writeTokenCookie(token);
    });
  })().catch((error: unknown) => {
    syncing = undefined;
    console.warn("[session] token sync could not start", error);
  });
  return syncing;
}
