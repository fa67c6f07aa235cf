/**
 * The Firebase ID token behind the session (docs/product.md §4): while a tab is open, Firebase's refreshes
 * (onIdTokenChanged) rewrite the `token` cookie, so the server never sees a stale token while the
 * session lives; a session that ended, or whose Firebase user went away, is cleared.
 *
 * The Firebase SDK is imported on demand only, when the page must talk to Firebase: a sign-in, or a
 * token that has run (or is about to run) out. A signed-in page whose cookie token is still good
 * never loads it (docs/decisions/0224-firebase-only-when-needed.md).
 */
import { readCookie, TOKEN_COOKIE, USER_COOKIE } from "~/lib/cookies";
import { tokenExpiresAt } from "~/lib/token-expiry";
import { $token, $user, clearSession, writeTokenCookie } from "./session-state";
import { finishPendingSignIn, pendingSignIn } from "./pending-sign-in";

let finishing: Promise<void> = Promise.resolve();

/**
 * This page's Firebase Auth, loaded on demand; a sign-up made without the SDK is finished first
 * (its kept key traded for the SDK's own user, pending-sign-in.ts, decision 0320).
 */
export async function loadAuth() {
  const { getFirebaseAuth } = await import("./firebase-client");
  const auth = await getFirebaseAuth();
  if (pendingSignIn())
    finishing = finishing.then(() =>
      duringAuthFlow(() => finishPendingSignIn(auth, $user.get()?.uid)),
    );
  await finishing;
  return auth;
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
  const cookieToken = $token.get();
  if (cookieToken && msLeft(cookieToken) > minValidityMs) return cookieToken;
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

/** How long the token still has, from its `exp` claim (0 when unreadable). */
function msLeft(token: string): number {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt === null ? 0 : expiresAt - Date.now();
}

/** Start Firebase's refreshes this long before the cookie's token runs out. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

/**
 * Starts the token sync (and so loads Firebase) only when the cookie's token is about to run out:
 * now when it has less than REFRESH_MARGIN_MS left, else a timer for then. A session's token lasts
 * an hour and the session 30 minutes, so most signed-in pages never load the SDK.
 */
export function syncWhenTokenRunsOut(): void {
  const token = $token.get();
  const wait = token ? msLeft(token) - REFRESH_MARGIN_MS : 0;
  if (wait <= 0) void startSessionSync();
  else setTimeout(() => void startSessionSync(), Math.min(wait, 2 ** 31 - 1));
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
