/**
 * S3_PUBLIC_URL: the bucket's public address (a public R2 or S3 bucket, or a CDN in front of it).
 * With it and S3_BUCKET set, `/media/<hash>/<width>.<ext>` answers a redirect to
 * `<S3_PUBLIC_URL>/<S3_PREFIX><hash>/<width>.<ext>`, so image bytes no longer pass through the app
 * servers while the URLs stored in rows stay the shop's own. docs/decisions/0116-s3-public-url.md
 */
import { parseMediaFile } from "~/lib/images";
import { env } from "~/server/env";

/** Who serves a /media path: the shop, the bucket's public address, or nobody (not a media name). */
export type MediaSource =
  | { from: "shop" }
  | { from: "bucket"; location: string }
  | { from: "none" };

export function publicMediaSource(path: string): MediaSource {
  const e = env();
  if (!e.S3_BUCKET || !e.S3_PUBLIC_URL) return { from: "shop" };
  const file = parseMediaFile(path);
  if (!file) return { from: "none" };
  const location = `${e.S3_PUBLIC_URL}/${e.S3_PREFIX}${file.hash}/${file.width}.${file.ext}`;
  return { from: "bucket", location };
}

/** The origin the CSP's img-src must allow for those redirects, if any. */
export function publicMediaOrigin(): string | null {
  const e = env();
  return e.S3_BUCKET && e.S3_PUBLIC_URL ? new URL(e.S3_PUBLIC_URL).origin : null;
}
