/**
 * Shared steps of the upload tests (tests/uploads*.test.ts): multipart requests as a server receives
 * them, a streamed body that counts what the handler pulled, test photos drawn with sharp, and the
 * list of files in the media folder.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { APIContext, APIRoute } from "astro";
import sharp from "sharp";

export const WRONG_TYPE = "Only PNG, JPEG, and WebP files are allowed";

/** Every file under `<dataDir>/media` (scratch folders included), as sorted relative paths. */
export async function storedFiles(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(join(dataDir, "media"), { recursive: true })).sort();
  } catch {
    return [];
  }
}

export function apiContext(request: Request, params: Record<string, string> = {}): APIContext {
  return { request, url: new URL(request.url), params, locals: {} } as unknown as APIContext;
}

export interface UploadAnswer {
  status: number;
  json: { secure_url?: string; error?: string };
}

/** POSTs one file as multipart field `file` to the route, sent as bytes the way a server receives it. */
export async function postFile(
  route: APIRoute,
  file: Uint8Array | Buffer,
  options: { name?: string; type?: string; token?: string } = {},
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append(
    "file",
    new Blob([new Uint8Array(file)], { type: options.type ?? "image/png" }),
    options.name ?? "photo.png",
  );
  // As bytes: undici's own FormData stream dislikes being cancelled.
  const encoded = new Response(form);
  const headers: Record<string, string> = { "content-type": encoded.headers.get("content-type")! };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const request = new Request("http://127.0.0.1:4321/v2/upload-cloud", {
    method: "POST",
    headers,
    body: await encoded.arrayBuffer(),
  });
  const response = await route(apiContext(request));
  return { status: response.status, json: (await response.json()) as UploadAnswer["json"] };
}

/**
 * A multipart body that streams `size` bytes of "PNG" in 64 KiB chunks, counting what the handler
 * pulled. highWaterMark 0: nothing is produced until the handler reads. `cancelled` settles when the
 * handler cancels the body.
 */
export function streamingUpload(size: number, headers: Record<string, string> = {}) {
  const boundary = "resin-test-boundary";
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`,
  );
  const chunk = new Uint8Array(64 * 1024);
  const counter = { produced: 0 };
  let sentHead = false;
  let markCancelled!: () => void;
  const cancelled = new Promise<void>((resolve) => (markCancelled = resolve));
  const body = new ReadableStream<Uint8Array>(
    {
      cancel: () => markCancelled(),
      pull(controller) {
        if (!sentHead) {
          sentHead = true;
          counter.produced += head.byteLength;
          return controller.enqueue(head);
        }
        if (counter.produced >= size) return controller.close();
        counter.produced += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request("http://127.0.0.1:4321/v2/upload-cloud", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...headers },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, counter, cancelled };
}

/** A two-tone test photo (left half blue), as a sharp pipeline to encode as needed. */
export const photo = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: { r: 180, g: 120, b: 60 } },
  }).composite([
    {
      input: {
        create: {
          width: Math.ceil(width / 2),
          height,
          channels: 3,
          background: { r: 20, g: 40, b: 200 },
        },
      },
      left: 0,
      top: 0,
    },
  ]);
