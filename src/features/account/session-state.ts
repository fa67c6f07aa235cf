/**
 * The session's state: the `token` and `user` cookies (docs/product.md §4) mirrored in nanostores, and the
 * writes that keep both in step. session-store.ts (the session's life) and token-sync.ts (the
 * Firebase token) both build on this; pages and islands import session-store.ts.
 */
import { atom, computed } from "nanostores";
import { removeCookie, TOKEN_COOKIE, USER_COOKIE, writeCookie } from "~/lib/cookies";
import { SESSION_MINUTES, TEMP_ORDER_KEY, type User } from "./account";
import { forgetSignIn } from "./pending-sign-in";

export type AuthStatus = "loading" | "ready";

export const $user = atom<User | null>(null);
export const $token = atom<string | null>(null);
export const $authStatus = atom<AuthStatus>("loading");
export const $isAuthenticated = computed(
  [$user, $token],
  (user, token) => user !== null && token !== null,
);

/** localStorage key of the session's end, so a refreshed token never stretches the 30 minutes. */
const SESSION_END_KEY = "sessionEndsAt";
/** Browsers drop cookies over ~4 KB; the addresses are left out of the cookie copy beyond this. */
const USER_COOKIE_MAX = 3800;

/** The user as the cookie keeps it: JSON, URI-encoded; without addresses if it would not fit. */
export function encodeUserCookie(user: User): string {
  const full = encodeURIComponent(JSON.stringify(user));
  if (full.length <= USER_COOKIE_MAX) return full;
  return encodeURIComponent(JSON.stringify({ ...user, addresses: [] }));
}

export function safeStorage<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** Both cookies for SESSION_MINUTES from now, and the stores. */
export function writeSession(user: User, token: string): void {
  const seconds = SESSION_MINUTES * 60;
  writeCookie(TOKEN_COOKIE, token, seconds);
  writeCookie(USER_COOKIE, encodeUserCookie(user), seconds);
  safeStorage(() => localStorage.setItem(SESSION_END_KEY, String(Date.now() + seconds * 1000)));
  $token.set(token);
  // Keep the full address list in memory even when the cookie copy had to drop it.
  $user.set(user);
}

/** A refreshed token, in the cookie until the session's end (never past it). */
export function writeTokenCookie(token: string): void {
  const endsAt = Number(safeStorage(() => localStorage.getItem(SESSION_END_KEY)));
  const left = (Number.isFinite(endsAt) ? endsAt : 0) - Date.now();
  if (left <= 0) return;
  writeCookie(TOKEN_COOKIE, token, left / 1000);
  $token.set(token);
}

/** Forgets the session on this device without navigating (cookies, tempOrder, stores). */
export function clearSession(): void {
  removeCookie(TOKEN_COOKIE);
  removeCookie(USER_COOKIE);
  safeStorage(() => localStorage.removeItem(TEMP_ORDER_KEY));
  safeStorage(() => localStorage.removeItem(SESSION_END_KEY));
  forgetSignIn();
  $user.set(null);
  $token.set(null);
}
