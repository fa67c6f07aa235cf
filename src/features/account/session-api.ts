/** The account's API calls with the session's bearer token (src/lib/api-client.ts underneath). */
import { apiRequest } from "~/lib/api-client";
import { freshToken } from "./token-sync";

/** A call to the API with the session's (fresh) bearer token, or `token`; throws ApiError on non-2xx. */
export async function apiJson<T>(
  method: string,
  path: string,
  body?: unknown,
  token?: string | null,
): Promise<T> {
  return apiRequest<T>(method, path, body, { token: token ?? (await freshToken()) });
}
