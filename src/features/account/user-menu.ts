/**
 * The accounts side of the site shell's user menu, framework-free. The shell (TopNav.astro and
 * src/components/site/user-menu.ts) renders the menu from Astro.locals.user and opens/closes it;
 * this module makes Logout work and keeps the session alive.
 *
 * Contract: once per page (e.g. in Shop.astro's or TopNav.astro's <script>):
 *
 *     import { initUserMenu } from "~/features/features/account/user-menu";
 *     initUserMenu();
 *
 * initUserMenu():
 *  - reads the session cookies into the session store ($user, $token);
 *  - runs logout() on `window` CustomEvent("auth:logout") (what the shell's Logout dispatches);
 *  - when a session exists, keeps the Firebase ID token in the `token` cookie fresh: Firebase is
 *    loaded only when the cookie's token is about to run out, never just to show a signed-in page
 *    (decisions 0043, 0224).
 * Safe to call more than once.
 */
import { $isAuthenticated, initSession, logout } from "./session-store";
import { loadAuth, syncWhenTokenRunsOut } from "./token-sync";
import { pendingSignIn } from "./pending-sign-in";

export const LOGOUT_EVENT = "auth:logout";

/** How long after the load a sign-up's pending SDK sign-in waits, so it never slows the page. */
const SIGN_IN_AFTER_LOAD_MS = 2000;

let started = false;
let loggingOut = false;

function runLogout(): void {
  if (loggingOut) return;
  loggingOut = true;
  void logout();
}

export function initUserMenu(): void {
  initSession();
  if (started) return;
  started = true;
  window.addEventListener(LOGOUT_EVENT, runLogout);
  if ($isAuthenticated.get()) whenIdleAfterLoad(syncWhenTokenRunsOut);
  // Right after a sign-up made without the SDK: its sign-in is finished a little after this page
  // has loaded and shown its toast, so every tab's SDK holds the account before a token must be
  // refreshed (decision 0320).
  if ($isAuthenticated.get() && pendingSignIn())
    whenIdleAfterLoad(() => setTimeout(() => void loadAuth(), SIGN_IN_AFTER_LOAD_MS));
}

function whenIdleAfterLoad(work: () => void): void {
  const idle = () =>
    "requestIdleCallback" in window
      ? requestIdleCallback(work, { timeout: 3000 })
      : setTimeout(work, 200);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}
