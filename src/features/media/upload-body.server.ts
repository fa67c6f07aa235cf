/**
 * Reads the one file of an upload (multipart field `file`) with a size limit enforced while the body
 * streams in: a declared Content-Length above the limit is refused before anything is read, and a body
 * that grows past it is cancelled at that point, so an oversized upload is never buffered whole.
 */
import { HttpError } from "~/server/http";

/** Room for the multipart envelope (boundaries, part headers, a file name) around the file itself. */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/** "10 MB", "512 KB" or "1500 bytes": the limit as a person reads it. */
export function describeBytes(bytes: number): string {
  const mb = 1024 * 1024;
  if (bytes >= mb && bytes % mb === 0) return `${bytes / mb} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

export function tooLargeMessage(maxBytes: number): string {
  return `The image is larger than ${describeBytes(maxBytes)}. Choose a smaller image (at most ${describeBytes(maxBytes)}).`;
}

const NOT_MULTIPART = "Send the image as multipart/form-data with the field 'file'.";

/** After a refusal mid-body: how much more is read and dropped, and for how long, before the connection is cut. */
export const DRAIN_MAX_MS = 10_000;

/**
 * A client still sending when the refusal is written only sees it if the server goes on reading:
 * cancelling the body at once resets the connection and the browser reports a network error instead
 * of the 400. So, like a web server's lingering close, the rest is read and dropped (never kept) in
 * the background, for at most `maxBytes` more bytes or DRAIN_MAX_MS; then the body is cancelled.
 * It starts after the current task, so the refusal is answered first.
 */
function drainInBackground(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
): void {
  setTimeout(async () => {
    const stop = setTimeout(() => void reader.cancel().catch(() => {}), DRAIN_MAX_MS);
    stop.unref?.();
    try {
      for (let drained = 0; drained <= maxBytes; ) {
        const chunk = await reader.read();
        if (chunk.done) return;
        drained += chunk.value.byteLength;
      }
      await reader.cancel();
    } catch {
      // The client went away or the timer cancelled the body: nothing more to do.
    } finally {
      clearTimeout(stop);
    }
  }, 0).unref?.();
}

/** The bytes of the body, at most `cap` of them; past the cap reading stops (see drainInBackground) and it is a 400. */
export async function readCapped(
  request: Request,
  cap: number,
  message: string,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) throw new HttpError(400, NOT_MULTIPART);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw new HttpError(400, "The upload could not be read. Please try again.");
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > cap) {
      drainInBackground(reader, cap);
      throw new HttpError(400, message);
    }
    chunks.push(chunk.value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** The uploaded file's bytes (field `file`), at most `maxBytes`; anything else is a 400 that says why. */
export async function readUploadedFile(request: Request, maxBytes: number): Promise<Uint8Array> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(type)) throw new HttpError(400, NOT_MULTIPART);
  const tooLarge = tooLargeMessage(maxBytes);
  const cap = maxBytes + MULTIPART_OVERHEAD_BYTES;
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > cap) throw new HttpError(400, tooLarge);
  const body = await readCapped(request, cap, tooLarge);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw new HttpError(400, NOT_MULTIPART);
  }
  const files = form.getAll("file");
  const file = files[0];
  if (files.length !== 1 || !(file instanceof File))
    throw new HttpError(400, "Choose one image to upload (the form field 'file').");
  if (file.size === 0) throw new HttpError(400, "The chosen file is empty.");
  if (file.size > maxBytes) throw new HttpError(400, tooLarge);
  return new Uint8Array(await file.arrayBuffer());
}
