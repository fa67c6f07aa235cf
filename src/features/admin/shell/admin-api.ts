/**
 * The portal's calls: the one browser API client (src/lib/api-client.ts) with the owner's fresh
 * bearer token. Every area's client module (orders-client.ts, products-client.ts, ...) calls the
 * API through these functions; no screen calls them itself (docs/decisions/0052-portal-screen-contract.md).
 *
 * A call waits for the session first: the `user`/`token` cookies read into the stores and Firebase's
 * restored sign-in, so a call made while the page is still starting (the Inquiries badge) never
 * goes out without a token and comes back 401.
 */
import { ApiError, api } from "../../../lib/api-client";
import { initSession } from "../../account/session-store";
import { freshToken, loadAuth } from "../../account/token-sync";

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

export async function adminGet<T>(
  path: string,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<T> {
  return api.get<T>(path, { ...options, token: await sessionToken() });
}

export async function adminPost<T>(path: string, body?: unknown): Promise<T> {
  return api.post<T>(path, body, { token: await sessionToken() });
}

export async function adminPut<T>(path: string, body?: unknown): Promise<T> {
  return api.put<T>(path, body, { token: await sessionToken() });
}

export async function adminPatch<T>(path: string, body?: unknown): Promise<T> {
  return api.patch<T>(path, body, { token: await sessionToken() });
}

export async function adminUpload<T>(path: string, form: FormData): Promise<T> {
  return api.upload<T>(path, form, { token: await sessionToken(), timeoutMs: 120_000 });
}

/** `?a=1&b=x` from the given values, leaving out empty ones (undefined, null, ""). */
export function queryString(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}
