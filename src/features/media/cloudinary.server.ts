/**
 * Cloudinary as the image store when CLOUDINARY_URL is set (cloudinary://<api_key>:<api_secret>@<cloud>).
 * Uploads go through Cloudinary's signed upload API over fetch: the server signs the parameters with
 * the API secret (SHA-1 by default, SHA-256 with `?signature_algorithm=sha256` on the URL, as
 * Cloudinary's SDKs read it) and the secret never leaves the server. Pages then ask Cloudinary for
 * widths and formats through delivery-URL transformations (src/lib/images.ts).
 */
import { createHash } from "node:crypto";
import { env } from "~/server/env";
import { HttpError } from "~/server/http";

export interface CloudinaryConfig {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  algorithm: "sha1" | "sha256";
}

/** The parsed CLOUDINARY_URL, or null when it is not set. */
export function cloudinaryConfig(url = env().CLOUDINARY_URL): CloudinaryConfig | null {
  if (!url) return null;
  const parsed = new URL(url);
  const algorithm = parsed.searchParams.get("signature_algorithm") === "sha256" ? "sha256" : "sha1";
  return {
    cloudName: decodeURIComponent(parsed.hostname),
    apiKey: decodeURIComponent(parsed.username),
    apiSecret: decodeURIComponent(parsed.password),
    algorithm,
  };
}

/**
 * Cloudinary's request signature: every signed parameter except file, cloud_name, resource_type and
 * api_key, sorted by name, joined as `name=value` with `&`, the API secret appended, hashed to hex.
 */
export function signParams(
  params: Record<string, string>,
  apiSecret: string,
  algorithm: CloudinaryConfig["algorithm"] = "sha1",
): string {
  const excluded = new Set(["file", "cloud_name", "resource_type", "api_key"]);
  const text = Object.keys(params)
    .filter((name) => !excluded.has(name) && params[name] !== "")
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join("&");
  return createHash(algorithm)
    .update(text + apiSecret)
    .digest("hex");
}

const UPLOAD_TIMEOUT_MS = 60_000;

/** The store refused or could not be reached: a 502 that says so, never the secret or a stack. */
function storeFailed(detail: string): HttpError {
  return new HttpError(
    502,
    `The image store did not accept the upload (${detail}). Please try again.`,
  );
}

/**
 * Uploads one image under `publicId` and answers its https delivery URL (checked to belong to this
 * cloud). `now` is seconds since the epoch (tests pin it).
 */
export async function uploadToCloudinary(
  config: CloudinaryConfig,
  image: Buffer,
  type: string,
  publicId: string,
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  const params = { public_id: publicId, timestamp: String(now) };
  const form = new FormData();
  form.append(
    "file",
    new Blob([new Uint8Array(image)], { type }),
    publicId.split("/").pop() ?? "image",
  );
  for (const [name, value] of Object.entries(params)) form.append(name, value);
  form.append("api_key", config.apiKey);
  form.append("signature", signParams(params, config.apiSecret, config.algorithm));
  const endpoint = `${env().CLOUDINARY_API_BASE.replace(/\/$/, "")}/v1_1/${encodeURIComponent(config.cloudName)}/image/upload`;
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: "POST",
      body: form,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch {
    throw storeFailed("it could not be reached");
  }
  const answer = (await response.json().catch(() => null)) as {
    secure_url?: unknown;
    error?: { message?: unknown };
  } | null;
  if (!response.ok) {
    const message =
      typeof answer?.error?.message === "string"
        ? answer.error.message.slice(0, 200)
        : `status ${response.status}`;
    throw storeFailed(message);
  }
  const url = answer?.secure_url;
  const prefix = `https://res.cloudinary.com/${config.cloudName}/image/upload/`;
  if (typeof url !== "string" || !url.startsWith(prefix))
    throw storeFailed("it answered no delivery address for this account");
  return url;
}

/** True when `url` is a delivery URL of the configured Cloudinary account (for screens that save an image URL). */
export function isOwnCloudinaryUrl(url: string, config = cloudinaryConfig()): boolean {
  return (
    config !== null &&
    url.startsWith(`https://res.cloudinary.com/${config.cloudName}/image/upload/`) &&
    !/[\s"'<>\\]/.test(url)
  );
}
