/**
 * The remembered account count (sessionStorage) and the cross-tab change mark (localStorage): page
 * loads of a signed-in visitor paint the badge without asking the server (see cart-store.ts).
 */
import { readCookie, USER_COOKIE } from "~/lib/cookies";
import { parseUserCookie } from "~/features/account/account";
import { $cartId, $cartMode, $rememberedCount } from "./cart-state";
import { readGuest, sessionStore, storage } from "./cart-storage";
import { cartCount, type CartAnswer } from "./cart";
import { session } from "./cart-context";

/** How long a remembered account count may paint the badge without asking the server. */
export const CART_COUNT_TTL_MS = 5 * 60_000;
/** sessionStorage: `{ sub, cartId, count, at }` of the last account answer this tab applied. */
export const REMEMBERED_COUNT_KEY = "cart:account-count";
/** localStorage: when any tab last changed an account cart (ms), so other tabs stop trusting their count. */
export const ACCOUNT_CHANGED_KEY = "cart:account-changed";

interface RememberedCount {
  sub: string;
  cartId: string;
  count: number;
  at: number;
}

/** Whose cart this is: the `uid` of the `user` cookie, else the ID token's `sub`; null when unknown. */
export function sessionSubject(
  token: string | null,
  userCookie: string | null = readCookie(USER_COOKIE),
): string | null {
  const uid = parseUserCookie(userCookie)?.uid;
  if (uid) return uid;
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(payload.length / 4) * 4, "="),
    );
    const sub = (JSON.parse(json) as { sub?: unknown } | null)?.sub;
    return typeof sub === "string" && sub ? sub : null;
  } catch {
    return null;
  }
}

function readRemembered(sub: string): RememberedCount | null {
  try {
    const value = JSON.parse(
      sessionStore()?.getItem(REMEMBERED_COUNT_KEY) ?? "null",
    ) as Partial<RememberedCount> | null;
    if (!value || value.sub !== sub || typeof value.cartId !== "string") return null;
    if (!Number.isInteger(value.count) || value.count! < 0 || typeof value.at !== "number")
      return null;
    return value as RememberedCount;
  } catch {
    return null;
  }
}

function lastAccountChange(): number {
  try {
    const value = Number(storage()?.getItem(ACCOUNT_CHANGED_KEY));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

/** Remembers an applied account answer; `changed` (a mutation) also tells the other tabs. */
export function remember(answer: CartAnswer, changed: boolean): void {
  if (!session.subject) return;
  const at = Date.now();
  try {
    const entry: RememberedCount = {
      sub: session.subject,
      cartId: answer.id,
      count: cartCount(answer.items),
      at,
    };
    sessionStore()?.setItem(REMEMBERED_COUNT_KEY, JSON.stringify(entry));
    if (changed) storage()?.setItem(ACCOUNT_CHANGED_KEY, String(at));
  } catch {
    /* storage full or blocked: the next page load asks the server */
  }
}

export function forgetRemembered(): void {
  try {
    sessionStore()?.removeItem(REMEMBERED_COUNT_KEY);
  } catch {
    /* nothing to forget */
  }
}

/**
 * Page load of a signed-in visitor: paints the account cart's count from this tab's remembered
 * answer, without a request, when that is safe (see the file comment). False: run the sign-in logic.
 */
export function resumeFromRemembered(token: string): boolean {
  const sub = sessionSubject(token);
  if (!sub || readGuest().length > 0) return false;
  const entry = readRemembered(sub);
  const now = Date.now();
  if (
    !entry ||
    now - entry.at > CART_COUNT_TTL_MS ||
    entry.at > now ||
    lastAccountChange() > entry.at
  )
    return false;
  session.epoch++;
  session.subject = sub;
  session.token = token;
  session.signInRun = null;
  $cartMode.set("account");
  $cartId.set(entry.cartId);
  $rememberedCount.set(entry.count);
  return true;
}
