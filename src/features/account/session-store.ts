/**
 * The browser session (SPEC §4 Authentication): the `token` and `user` cookies mirrored in
 * nanostores. Framework-free so plain <script>s (the nav) and React islands share it.
 *
 *  - At start the status is "loading"; initSession() reads the cookies, and the visitor is
 *    authenticated only when both exist. A `user` cookie that is empty or unreadable is removed.
 *  - Sign-up, login and Google login call startSession(); the cookies last SESSION_MINUTES.
 *  - After a profile or address update, updateSessionUser() writes them again for 30 minutes.
 *  - While a tab is open, startSessionSync() follows Firebase's ID-token refreshes
 *    (onIdTokenChanged) and rewrites the `token` cookie, so the server never sees a stale token
 *    while the session lives. The session's end is kept in localStorage so a refresh does not
 *    stretch it.
 *  - logout() removes both cookies and the tempOrder entry, signs out of Firebase, and goes to /.
 *
 * This module never imports the Firebase SDK statically: visitors without a session never load it.
 */
import { atom, computed } from "nanostores";
import { flashToast } from "../../components/ui/flash-toasts";
import { ApiError, apiRequest } from "../../lib/api-client";
import { readCookie, removeCookie, writeCookie } from "../../lib/cookies";
import { SESSION_MINUTES, TEMP_ORDER_KEY, TOKEN_COOKIE, USER_COOKIE, parseUserCookie, type User } from "./account";

export type AuthStatus = "loading" | "ready";

export const $user = atom<User | null>(null);
export const $token = atom<string | null>(null);
export const $authStatus = atom<AuthStatus>("loading");
export const $isAuthenticated = computed([$user, $token], (user, token) => user !== null && token !== null);

const SESSION_END_KEY = "sessionEndsAt";
/** Browsers drop cookies over ~4 KB; the addresses are left out of the cookie copy beyond this. */
const USER_COOKIE_MAX = 3800;

// ---------------------------------------------------------------------------------------------
// Cookies

/** The user as the cookie keeps it: JSON, URI-encoded; without addresses if it would not fit. */
export function encodeUserCookie(user: User): string {
  const full = encodeURIComponent(JSON.stringify(user));
  if (full.length <= USER_COOKIE_MAX) return full;
  return encodeURIComponent(JSON.stringify({ ...user, addresses: [] }));
}

function sessionEndsAt(): number {
  const value = Number(safeStorage(() => localStorage.getItem(SESSION_END_KEY)));
  return Number.isFinite(value) ? value : 0;
}

function safeStorage<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

function writeSession(user: User, token: string): void {
  const seconds = SESSION_MINUTES * 60;
  writeCookie(TOKEN_COOKIE, token, seconds);
  writeCookie(USER_COOKIE, encodeUserCookie(user), seconds);
  safeStorage(() => localStorage.setItem(SESSION_END_KEY, String(Date.now() + seconds * 1000)));
  $token.set(token);
  // Keep the full address list in memory even when the cookie copy had to drop it.
  $user.set(user);
}

// ---------------------------------------------------------------------------------------------
// Session life

let initialised = false;

/** Reads the cookies into the stores (once per page). SPEC §4: both must exist. */
export function initSession(): void {
  if (initialised || typeof document === "undefined") return;
  initialised = true;
  const rawUser = readCookie(USER_COOKIE);
  const token = readCookie(TOKEN_COOKIE);
  let user: User | null = null;
  if (rawUser !== null) {
    user = parseUserCookie(rawUser);
    if (!user) {
      console.error("[session] the stored user could not be read; it was removed");
      removeCookie(USER_COOKIE);
    }
  }
  if (user && token) {
    $user.set(user);
    $token.set(token);
  } else {
    $user.set(null);
    $token.set(null);
  }
  $authStatus.set("ready");
}

/** Hands the session a user the server just loaded (e.g. the profile page's full record). */
export function hydrateUser(user: User): void {
  initSession();
  const current = $user.get();
  if (current && current.uid === user.uid) $user.set(user);
}

/** Starts a session after sign-up, login or Google login. */
export function startSession(user: User, token: string): void {
  initialised = true;
  writeSession(user, token);
  $authStatus.set("ready");
  void startSessionSync();
}

/** After a profile or address update: the new user, and both cookies renewed for 30 minutes. */
export async function updateSessionUser(user: User): Promise<void> {
  const token = (await freshToken(SESSION_MINUTES * 60_000 + 60_000)) ?? $token.get();
  if (!token) return;
  writeSession(user, token);
}

/** Forgets the session on this device without navigating (cookies, tempOrder, stores). */
export function clearSession(): void {
  removeCookie(TOKEN_COOKIE);
  removeCookie(USER_COOKIE);
  safeStorage(() => localStorage.removeItem(TEMP_ORDER_KEY));
  safeStorage(() => localStorage.removeItem(SESSION_END_KEY));
  $user.set(null);
  $token.set(null);
}

/** SPEC §4 Logout: cookies and tempOrder removed, stores cleared, 'Logged Out!', then /. */
export async function logout(): Promise<void> {
  clearSession();
  try {
    const auth = await loadAuth();
    const { signOut } = await import("firebase/auth");
    await signOut(auth);
  } catch (error) {
    console.warn("[session] signing out of Firebase failed; the session cookies are gone anyway", error);
  }
  flashToast({ type: "success", title: "Logged Out!", message: "See you soon!" });
  location.assign("/");
}

// ---------------------------------------------------------------------------------------------
// Firebase token sync

async function loadAuth() {
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

function writeTokenCookie(token: string): void {
  const left = sessionEndsAt() - Date.now();
  if (left <= 0) return;
  writeCookie(TOKEN_COOKIE, token, left / 1000);
  $token.set(token);
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
      const sessionAlive = user !== null && readCookie(USER_COOKIE) !== null && readCookie(TOKEN_COOKIE) !== null;
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

// ---------------------------------------------------------------------------------------------
// API calls with the bearer token

export { ApiError };

/** A call to the API with the session's bearer token (src/lib/api-client.ts); throws ApiError on non-2xx. */
export async function apiJson<T>(method: string, path: string, body?: unknown, token?: string | null): Promise<T> {
  return apiRequest<T>(method, path, body, { token: token ?? (await freshToken()) });
}
