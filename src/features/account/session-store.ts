/**
 * The browser session (docs/product.md §4 Authentication), the public face pages and islands import:
 * the stores and the session's life. Framework-free so plain <script>s (the nav) and React
 * islands share it. The cookies and stores are kept in session-state.ts, the Firebase token in
 * token-sync.ts.
 *
 *  - At start the status is "loading"; initSession() reads the cookies, and the visitor is
 *    authenticated only when both exist. A `user` cookie that is empty or unreadable is removed.
 *  - Sign-up, login and Google login call startSession(); the cookies last SESSION_MINUTES.
 *  - After a profile or address update, updateSessionUser() writes them again for 30 minutes.
 *  - logout() removes both cookies and the tempOrder entry, signs out of Firebase, and goes to /.
 */
import { flashToast } from "~/components/ui/flash-toasts";
import { readCookie, removeCookie, TOKEN_COOKIE, USER_COOKIE } from "~/lib/cookies";
import { SESSION_MINUTES, parseUserCookie, type User } from "./account";
import { $authStatus, $token, $user, clearSession, writeSession } from "./session-state";
import { freshToken, loadAuth, startSessionSync } from "./token-sync";

export {
  $authStatus,
  $isAuthenticated,
  $token,
  $user,
  clearSession,
  encodeUserCookie,
  type AuthStatus,
} from "./session-state";
export { freshToken, startSessionSync } from "./token-sync";

let initialised = false;

/** Reads the cookies into the stores (once per page). docs/product.md §4: both must exist. */
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

/**
 * Starts a session after sign-up, login or Google login. `sync` false: the Firebase SDK holds no
 * user yet (a sign-up made without it, decision 0320), so its token listener must not start
 * here, where it would end the session it does not see.
 */
export function startSession(user: User, token: string, sync = true): void {
  initialised = true;
  writeSession(user, token);
  $authStatus.set("ready");
  if (sync) void startSessionSync();
}

/** After a profile or address update: the new user, and both cookies renewed for 30 minutes. */
export async function updateSessionUser(user: User): Promise<void> {
  const token = (await freshToken(SESSION_MINUTES * 60_000 + 60_000)) ?? $token.get();
  if (!token) return;
  writeSession(user, token);
}

/** docs/product.md §4 Logout: cookies and tempOrder removed, stores cleared, 'Logged Out!', then /. */
export async function logout(): Promise<void> {
  clearSession();
  try {
    const auth = await loadAuth();
    const { signOut } = await import("firebase/auth");
    await signOut(auth);
  } catch (error) {
    console.warn(
      "[session] signing out of Firebase failed; the session cookies are gone anyway",
      error,
    );
  }
  flashToast({ type: "success", title: "Logged Out!", message: "See you soon!" });
  location.assign("/");
}
