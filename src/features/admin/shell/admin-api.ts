/**
 * The portal's calls: the one browser API client (src/lib/api-client.ts) with the owner's fresh
 * bearer token. Every area's client module (orders-client.ts, products-client.ts, ...) calls the
 * API through these functions; no screen calls them itself (docs/decisions/0052-portal-screen-contract.md).
 *
 * A call never goes out without a token (the Inquiries badge once did, and came back 401): it uses
 * the session cookie's token while that has a while left, so the first rows do not wait for the
 * Firebase SDK to load and restore its sign-in (docs/decisions/0066-performance-targets.md);
 * otherwise, or when the server refuses that token, it waits for Firebase's fresh one.
 */
import { ApiError, api } from "~/lib/api-client";
import { $token, initSession } from "~/features/account/session-store";
import { freshToken, loadAuth } from "~/features/account/token-sync";
import { takeFirstAnswer } from "./first-answer";
import { tokenExpiresAt } from "~/lib/token-expiry";

export const SESSION_ENDED = "Your session has ended. Please sign in again.";

let ready: Promise<void> | undefined;

/** Resolves once Firebase has restored (or not) the signed-in user of this page. */
function sessionReady(): Promise<void> {
  ready ??= loadAuth()
    .then((auth) => auth.authStateReady())
    .catch((error: unknown) => console.warn("[admin] sign-in state unavailable", error));
  return ready;
}

/** The owner's token, once the session is ready; an ApiError 401 (nothing sent) without one. */
export async function sessionToken(): Promise<string> {
  initSession();
  await sessionReady();
  const token = await freshToken();
  if (!token) throw new ApiError(401, SESSION_ENDED);
  return token;
}

/** How long the cookie's token must still be valid to be sent without asking Firebase. */
const COOKIE_TOKEN_MARGIN_MS = 2 * 60_000;

/** The session cookie's token while it has a while left (read from its `exp` claim), else null. */
function cookieToken(): string | null {
  const token = $token.get();
  const expiresAt = token ? tokenExpiresAt(token) : null;
  return expiresAt !== null && expiresAt - Date.now() > COOKIE_TOKEN_MARGIN_MS ? token : null;
}

/**
 * Firebase restores its sign-in for the next calls once the page is idle: loading and running its
 * SDK while the first screen's chunk and rows are on their way only delayed them
 * (docs/decisions/0152-admin-first-rows-in-the-document.md). A call that needs it waits for it.
 */
function warmSession(): void {
  if (ready) return;
  const start = () => void sessionReady();
  if (typeof requestIdleCallback === "function") requestIdleCallback(start, { timeout: 1_500 });
  else setTimeout(start, 200);
}

/**
 * Sends a call with the cookie's token when it is usable (Firebase restores its sign-in meanwhile,
 * for the next calls), and once more with Firebase's fresh token if the server answered 401: a
 * refused token is checked before anything is done, so the second send never doubles a write.
 */
async function withToken<T>(send: (token: string) => Promise<T>): Promise<T> {
  initSession();
  const quick = cookieToken();
  if (quick) {
    warmSession();
    try {
      return await send(quick);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    }
  }
  return send(await sessionToken());
}

/** A GET; the first screen's first one may be answered by the document itself (first-answer.ts). */
export function adminGet<T>(
  path: string,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<T> {
  const carried = takeFirstAnswer<T>(path);
  if (carried !== undefined) return Promise.resolve(carried);
  return withToken((token) => api.get<T>(path, { ...options, token }));
}

export function adminPost<T>(path: string, body?: unknown): Promise<T> {
  return withToken((token) => api.post<T>(path, body, { token }));
}

export function adminPut<T>(path: string, body?: unknown): Promise<T> {
  return withToken((token) => api.put<T>(path, body, { token }));
}

export function adminPatch<T>(path: string, body?: unknown): Promise<T> {
  return withToken((token) => api.patch<T>(path, body, { token }));
}

export function adminDelete<T>(path: string): Promise<T> {
  return withToken((token) => api.delete<T>(path, undefined, { token }));
}

export function adminUpload<T>(path: string, form: FormData): Promise<T> {
  return withToken((token) => api.upload<T>(path, form, { token, timeoutMs: 120_000 }));
}

/** `?a=1&b=x` from the given values, leaving out empty ones (undefined, null, ""). */
export function queryString(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}
