/** Behaviour of AuthGate.astro (framework-free). */
import { loginUrl } from "./account";
import { isStaff } from "~/lib/roles";
import { readCookie, TOKEN_COOKIE, USER_COOKIE } from "~/lib/cookies";
import { $user, initSession } from "./session-store";

export type GateDecision = "show" | "login" | "unauthorized";

/** What a gate does for this visitor. */
export function decide(
  kind: "user" | "admin",
  authenticated: boolean,
  role: string | undefined,
): GateDecision {
  if (!authenticated) return "login";
  if (kind === "admin" && !isStaff({ role })) return "unauthorized";
  return "show";
}

/** Checks every [data-auth-gate] on the page; `recheck` after a back/forward-cache restore. */
export function runAuthGates(recheck = false): void {
  initSession();
  const gates = document.querySelectorAll<HTMLElement>("[data-auth-gate]");
  if (gates.length === 0) return;
  // The cookies are the truth (the stores may be stale after a bfcache restore).
  const authenticated =
    $user.get() !== null && readCookie(TOKEN_COOKIE) !== null && readCookie(USER_COOKIE) !== null;
  for (const gate of gates) {
    const kind = gate.dataset.authGate === "admin" ? "admin" : "user";
    const decision = decide(kind, authenticated, $user.get()?.role);
    if (decision === "login") {
      location.replace(loginUrl(location.pathname + location.search));
      return;
    }
    if (decision === "unauthorized") {
      location.replace("/unauthorized");
      return;
    }
    if (recheck) continue;
    gate.querySelector<HTMLElement>("[data-auth-checking]")?.remove();
    const content = gate.querySelector<HTMLElement>("[data-auth-content]");
    if (content) content.hidden = false;
  }
}
