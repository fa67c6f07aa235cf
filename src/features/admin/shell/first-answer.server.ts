/**
 * The /admin document carries the answer to its orders screen's first request
 * (docs/decisions/0152-admin-first-rows-in-the-document.md): the same page of orders the screen
 * would ask for (its filters read from the address), written by the API's own handler with the
 * session cookie's token as the bearer, so the authorisation (owner only), the query's checks and
 * the body are exactly the API's. Anything but a 200 in time leaves the document without it; the
 * screen then asks as before and shows what the API answers (missing, failed with Try again).
 */
import type { APIContext } from "astro";
import { TOKEN_COOKIE } from "~/lib/cookies";
import { HttpError } from "~/server/http";
import { loggable } from "~/server/log-safe";
import { log } from "~/server/log/logger";
import { getAllOrders } from "~/features/admin/orders/orders-admin.api";
import { ordersRequests, readOrdersView } from "~/features/admin/orders/orders-dashboard";
import { matchAdminRoute } from "./admin-routes";
import type { FirstAnswer } from "./first-answer";

/** Longer than this and the document goes without the answer (the screen asks for it). */
export const FIRST_ANSWER_WAIT_MS = 400;

/** The API call the screen at `url` makes first, when the document may answer it, else null. */
export function firstRequest(url: URL): string | null {
  if (matchAdminRoute(url.pathname)?.screen !== "orders") return null;
  return ordersRequests(readOrdersView(url.search)).page;
}

async function answer(
  context: Pick<APIContext, "cookies" | "url">,
  path: string,
): Promise<FirstAnswer | null> {
  const token = context.cookies.get(TOKEN_COOKIE, { decode: (value) => value })?.value;
  if (!token) return null;
  const url = new URL(path, context.url);
  const request = new Request(url, { headers: { authorization: `Bearer ${token}` } });
  try {
    // The API's handler itself: requireAdmin on the token, the query's checks, the body it sends.
    // It reads only the request and the URL (tests/admin-orders.test.ts holds it to that).
    const response = await getAllOrders({ request, url } as APIContext);
    return response.status === 200 ? { path, body: await response.text() } : null;
  } catch (error) {
    if (!(error instanceof HttpError))
      log.warn("[admin] the first page for the document failed", loggable(error));
    return null;
  }
}

/**
 * The first request's answer for the document of an owner's visit to the orders screen, or null
 * (another screen, no token, a refusal, an error, or slower than FIRST_ANSWER_WAIT_MS).
 */
export async function firstAnswer(
  context: Pick<APIContext, "cookies" | "url">,
): Promise<FirstAnswer | null> {
  const path = firstRequest(context.url);
  if (!path) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), FIRST_ANSWER_WAIT_MS);
  });
  try {
    return await Promise.race([answer(context, path), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The answer as the text of a `<script type="application/json">` (no `</script>` can end it). */
export function answerScriptText(body: string): string {
  return body.replaceAll("<", "\\u003c");
}
