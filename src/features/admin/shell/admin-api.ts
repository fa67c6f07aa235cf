/**
 * The portal's calls: the one browser API client (src/lib/api-client.ts) with the owner's fresh
 * bearer token. Every screen calls the API through these four functions.
 */
import { api } from "../../../lib/api-client";
import { freshToken } from "../../account/session-store";

export async function adminGet<T>(
  path: string,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<T> {
  return api.get<T>(path, { ...options, token: await freshToken() });
}

export async function adminPost<T>(path: string, body?: unknown): Promise<T> {
  return api.post<T>(path, body, { token: await freshToken() });
}

export async function adminPut<T>(path: string, body?: unknown): Promise<T> {
  return api.put<T>(path, body, { token: await freshToken() });
}

export async function adminPatch<T>(path: string, body?: unknown): Promise<T> {
  return api.patch<T>(path, body, { token: await freshToken() });
}

export async function adminUpload<T>(path: string, form: FormData): Promise<T> {
  return api.upload<T>(path, form, { token: await freshToken(), timeoutMs: 120_000 });
}
