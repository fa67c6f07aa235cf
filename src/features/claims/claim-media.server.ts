/**
 * A claim's photo or video as a response (docs/decisions/0247-damage-claims.md): read from the
 * private claim store, never cached by anyone in between, with byte ranges (a browser's video player
 * asks for them, Safari always). Who may read it is decided by the caller; anyone else gets 404.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { claimMedia, damageClaims } from "~/server/db/schema";
import { readClaimFile } from "./claim-files.server";

export const mediaNotFound = () =>
  new Response(JSON.stringify({ error: "Not found" }), {
    status: 404,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });

/** The media row with its claim's order, or null. */
export async function findClaimMedia(db: DbOrTx, mediaId: string) {
  const [row] = await db
    .select({
      id: claimMedia.id,
      ext: claimMedia.ext,
      contentType: claimMedia.contentType,
      claimId: claimMedia.claimId,
      orderId: damageClaims.orderId,
    })
    .from(claimMedia)
    .innerJoin(damageClaims, eq(damageClaims.id, claimMedia.claimId))
    .where(eq(claimMedia.id, mediaId));
  return row ?? null;
}

type Found = NonNullable<Awaited<ReturnType<typeof findClaimMedia>>>;

/** The file, whole or the asked range (206), or 404 when its bytes are gone. */
export async function claimMediaResponse(media: Found, request: Request): Promise<Response> {
  const bytes = await readClaimFile(media.claimId, media);
  if (!bytes) return mediaNotFound();
  const headers: Record<string, string> = {
    "content-type": media.contentType,
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
    "accept-ranges": "bytes",
    "content-disposition": `inline; filename="${media.id}.${media.ext}"`,
  };
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get("range") ?? "");
  if (range && (range[1] || range[2])) {
    const size = bytes.byteLength;
    const start = range[1] ? Number(range[1]) : Math.max(size - Number(range[2]), 0);
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size || start > end)
      return new Response(null, { status: 416, headers: { "content-range": `bytes */${size}` } });
    return new Response(new Uint8Array(bytes.subarray(start, end + 1)), {
      status: 206,
      headers: { ...headers, "content-range": `bytes ${start}-${end}/${size}` },
    });
  }
  return new Response(new Uint8Array(bytes), { status: 200, headers });
}
