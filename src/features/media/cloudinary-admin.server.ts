/**
 * The two calls of Cloudinary's Admin API that `npm run media:prune` needs (decision 0049), over
 * fetch like the upload (cloudinary.server.ts), with the same CLOUDINARY_URL and API base:
 *
 * - `GET /v1_1/<cloud>/resources/image/upload?prefix=<folder>/&max_results=500[&next_cursor=…]`
 *   lists the uploads, a page at a time (`resources[]` with `public_id` and `created_at`, and
 *   `next_cursor` while more remain);
 * - `DELETE /v1_1/<cloud>/resources/image/upload` with a form body of `public_ids[]` (at most 100
 *   a call) deletes them and answers `deleted: { <public_id>: "deleted" | "not_found" }`.
 *
 * Both use HTTP Basic auth with the API key and secret (the Admin API takes no signature). The Admin
 * API is rate-limited per hour: calls are made one after the other, and a 420 or 429 stops the run
 * with a sentence saying when the limit resets (X-FeatureRateLimit-Reset). Any failing answer stops
 * it: nothing more is deleted, and the sentence says how many were deleted before.
 */
import { indiaDateTime } from "~/lib/dates";
import { env } from "~/server/env";
import type { CloudinaryConfig } from "./cloudinary.server";

/** Cloudinary's largest page for a resource listing. */
export const LIST_PAGE_SIZE = 500;
/** Cloudinary's most public_ids in one delete call. */
export const DELETE_BATCH_SIZE = 100;
const CALL_TIMEOUT_MS = 60_000;

export interface CloudinaryUpload {
  publicId: string;
  /** When it was last uploaded (ms since the epoch). */
  created: number;
}

/** A call of the Admin API failed: the message is a sentence for the person running the command. */
export class CloudinaryAdminError extends Error {}

function endpoint(config: CloudinaryConfig, query = ""): string {
  const base = env().CLOUDINARY_API_BASE.replace(/\/$/, "");
  return `${base}/v1_1/${encodeURIComponent(config.cloudName)}/resources/image/upload${query}`;
}

function basicAuth(config: CloudinaryConfig): string {
  return `Basic ${Buffer.from(`${config.apiKey}:${config.apiSecret}`).toString("base64")}`;
}

/** Why a call failed, as a sentence: never the secret, which no answer carries and no URL names. */
function failure(doing: string, response: Response, answer: unknown): string {
  const message = (answer as { error?: { message?: unknown } } | null)?.error?.message;
  const said = typeof message === "string" ? `: ${message.slice(0, 200)}` : "";
  if (response.status === 420 || response.status === 429) {
    const reset = indiaDateTime(response.headers.get("x-featureratelimit-reset") ?? "");
    const when = reset ? `after ${reset} (India time)` : "in an hour";
    return `Cloudinary's Admin API limit for this hour is used up (status ${response.status}) while ${doing}. Run the prune again ${when}.`;
  }
  if (response.status === 401 || response.status === 403)
    return `Cloudinary refused the API key and secret in CLOUDINARY_URL (status ${response.status}${said}) while ${doing}. Check them in Cloudinary's console.`;
  return `Cloudinary answered status ${response.status}${said} while ${doing}. Try again later.`;
}

async function call(
  config: CloudinaryConfig,
  doing: string,
  url: string,
  init: RequestInit,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { ...init.headers, authorization: basicAuth(config) },
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch {
    throw new CloudinaryAdminError(
      `Cloudinary could not be reached while ${doing}. Try again later.`,
    );
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new CloudinaryAdminError(failure(doing, response, answer));
  if (answer === null || typeof answer !== "object")
    throw new CloudinaryAdminError(
      `Cloudinary answered something that is not JSON while ${doing}. Try again later.`,
    );
  return answer;
}

interface Resource {
  public_id?: unknown;
  created_at?: unknown;
  version?: unknown;
}

/**
 * When a resource was last uploaded: the later of `created_at` and its `version` (the upload's
 * Unix time, which an overwrite of the same public_id renews: the same image uploaded again).
 * Null when the answer has neither, and the resource is left alone.
 */
function uploadedAt(resource: Resource): number | null {
  const created = typeof resource.created_at === "string" ? Date.parse(resource.created_at) : NaN;
  const version = typeof resource.version === "number" ? resource.version * 1000 : NaN;
  const known = [created, version].filter((t) => Number.isFinite(t));
  return known.length > 0 ? Math.max(...known) : null;
}

/** Every image uploaded under `prefix` (e.g. "resintales/"), all pages. */
export async function listCloudinaryUploads(
  config: CloudinaryConfig,
  prefix: string,
): Promise<CloudinaryUpload[]> {
  const found: CloudinaryUpload[] = [];
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({ prefix, max_results: String(LIST_PAGE_SIZE) });
    if (cursor) query.set("next_cursor", cursor);
    const page = (await call(config, "listing the uploads", endpoint(config, `?${query}`), {
      method: "GET",
    })) as { resources?: unknown; next_cursor?: unknown };
    if (!Array.isArray(page.resources))
      throw new CloudinaryAdminError(
        "Cloudinary's list of uploads had no resources in it. Try again later.",
      );
    for (const resource of page.resources as Resource[]) {
      const created = uploadedAt(resource);
      if (typeof resource.public_id === "string" && created !== null)
        found.push({ publicId: resource.public_id, created });
    }
    const next =
      typeof page.next_cursor === "string" && page.next_cursor ? page.next_cursor : undefined;
    if (next !== undefined && next === cursor)
      throw new CloudinaryAdminError(
        "Cloudinary answered the same page of uploads twice. Try again later.",
      );
    cursor = next;
  } while (cursor);
  return found;
}

/**
 * Deletes these uploads, at most 100 a call, one call after the other. Stops at the first failing
 * answer (or a public_id Cloudinary did not delete), saying how many were deleted before it.
 */
export async function deleteCloudinaryUploads(
  config: CloudinaryConfig,
  publicIds: string[],
): Promise<void> {
  for (let i = 0; i < publicIds.length; i += DELETE_BATCH_SIZE) {
    const batch = publicIds.slice(i, i + DELETE_BATCH_SIZE);
    const body = new URLSearchParams(batch.map((id) => ["public_ids[]", id]));
    const before = `${i} of ${publicIds.length} unused upload(s) were deleted before this; run the prune again to finish.`;
    try {
      const answer = (await call(config, "deleting unused uploads", endpoint(config), {
        method: "DELETE",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      })) as { deleted?: Record<string, unknown> };
      const kept = batch.filter(
        (id) => !["deleted", "not_found"].includes(String(answer.deleted?.[id])),
      );
      if (kept.length > 0)
        throw new CloudinaryAdminError(
          `Cloudinary did not delete ${kept.length} upload(s) (${kept.slice(0, 3).join(", ")}). Try again later.`,
        );
    } catch (error) {
      if (error instanceof CloudinaryAdminError)
        throw new CloudinaryAdminError(`${error.message} ${before}`);
      throw error;
    }
  }
}
