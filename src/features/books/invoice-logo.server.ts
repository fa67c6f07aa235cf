/**
 * The shop's logo for a document's PDF (docs/decisions/0086): read from the upload it names (the
 * media store, or the shop's Cloudinary account) and made small (at most 600 x 240 pixels, PNG for
 * a PNG so transparency stays, else JPEG), so a PDF carries a few kilobytes, not the 1280-pixel
 * upload. A logo that cannot be read is logged and left out: the document is never lost for it.
 */
import sharp from "sharp";
import { parseMediaUrl } from "~/lib/images";
import { log } from "~/server/log/logger";
import { isOwnCloudinaryUrl } from "~/features/media/cloudinary.server";
import { readStoredFile } from "~/features/media/media-store.server";

export interface LogoImage {
  bytes: Uint8Array;
  kind: "png" | "jpg";
}

/** The widest stored variant worth reading: every upload has min(its width, 640) stored. */
const READ_WIDTH = 640;

async function uploadBytes(url: string): Promise<Buffer | null> {
  const ref = parseMediaUrl(url);
  if (ref) {
    const file = await readStoredFile(`${ref.hash}/${Math.min(ref.width, READ_WIDTH)}.${ref.ext}`);
    return file?.data ?? null;
  }
  if (isOwnCloudinaryUrl(url)) {
    const answer = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    return answer.ok ? Buffer.from(await answer.arrayBuffer()) : null;
  }
  return null;
}

/** The logo ready to embed, or null (no logo, or one that cannot be read: logged). */
export async function logoImage(url: string | undefined): Promise<LogoImage | null> {
  if (!url) return null;
  try {
    const data = await uploadBytes(url);
    if (!data) throw new Error("the upload is not in the store");
    const png = /\.png$/i.test(url);
    const resized = sharp(data).resize({
      width: 600,
      height: 240,
      fit: "inside",
      withoutEnlargement: true,
    });
    const out = png
      ? await resized.png().toBuffer()
      : await resized.flatten({ background: "#ffffff" }).jpeg({ quality: 85 }).toBuffer();
    return { bytes: new Uint8Array(out), kind: png ? "png" : "jpg" };
  } catch (error) {
    log.error(`[books] the invoice logo ${url} could not be read; the PDF shows the name`, error);
    return null;
  }
}
