/**
 * The account cart's connection to the server: the bearer token, one request at a time (answers
 * apply in the order they were asked), and the session counter that drops answers of an older
 * sign-in (the shared record is in cart-context.ts).
 */
import { ApiError, apiRequest } from "~/lib/api-client";
import { readCookie, TOKEN_COOKIE } from "~/lib/cookies";
import { $cartId, $cartItems, $cartMode, $rememberedCount } from "./cart-state";
import type { CartAnswer } from "./cart";
import { toCartAnswer } from "./cart.schema";
import { session } from "./cart-context";
import { remember } from "./cart-remembered-count";

/** The bearer token: the `token` cookie (docs/product.md §3, kept fresh by the session), else the one given to onSignedIn. */
async function authToken(): Promise<string | null> {
  return readCookie(TOKEN_COOKIE) || session.token;
}

export async function request(
  method: string,
  path: string,
  body?: unknown,
  options: { keepalive?: boolean } = {},
): Promise<CartAnswer & { skipped?: unknown }> {
  const token = await authToken();
  if (!token) throw new ApiError(401, "Please log in to continue.");
  const data = await apiRequest<unknown>(method, path, body, {
    token,
    keepalive: options.keepalive === true,
  });
  const answer = toCartAnswer(data);
  if (!answer) throw new ApiError(200, "The cart answer was not understood.");
  return { ...answer, skipped: (data as { skipped?: unknown }).skipped };
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs account requests one after the other, so answers apply in the order they were asked. */
export function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Shows an account answer (unless a sign-out or another sign-in came since `at`) and remembers it.
 * `changed`: the answer follows a change made here, so other tabs are told (BroadcastChannel now,
 * localStorage mark for their next page load). `broadcast: false`: it came from another tab.
 */
export function applyAnswer(
  answer: CartAnswer,
  at: number,
  { changed = true, broadcast = true } = {},
): void {
  if (at !== session.epoch || $cartMode.get() !== "account") return;
  $cartId.set(answer.id);
  $cartItems.set(answer.items);
  $rememberedCount.set(null);
  remember(answer, changed && broadcast);
  if (broadcast) {
    try {
      session.channel?.postMessage({ type: "account-cart", answer });
    } catch {
      /* another tab is a nicety */
    }
  }
}
