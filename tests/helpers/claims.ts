/**
 * Shared steps of the damage claims suites (docs/decisions/0247-damage-claims.md): a shop with a
 * shopper's delivered order (helpers/reviews), the claim's multipart body as a browser sends it, test
 * files (a JPEG drawn with sharp; an MP4, a MOV and a WebM by their published headers: ISO/IEC
 * 14496-12 `ftyp` box, Apple's QuickTime `ftypqt  `, the Matroska EBML header with DocType "webm"),
 * and a cookie-session context for the file routes.
 */
import type { APIRoute } from "astro";
import { expect } from "vitest";
import { type Caller, runRoute } from "./photos";
import { photo } from "./uploads";

export const mp4 = () =>
  new Uint8Array([
    0,
    0,
    0,
    0x18,
    ...Buffer.from("ftypisom"),
    0,
    0,
    2,
    0,
    ...Buffer.from("isomiso2"),
    ...new Uint8Array(2048),
  ]);
export const mov = () =>
  new Uint8Array([0, 0, 0, 0x14, ...Buffer.from("ftypqt  "), 0, 0, 2, 0, ...new Uint8Array(512)]);
export const webm = () =>
  new Uint8Array([
    0x1a,
    0x45,
    0xdf,
    0xa3,
    0x9f,
    0x42,
    0x86,
    0x81,
    0x01,
    0x42,
    0x82,
    0x84,
    ...Buffer.from("webm"),
    ...new Uint8Array(512),
  ]);
export const jpeg = () => photo(300, 200).jpeg().toBuffer();

export interface ClaimParts {
  items?: unknown;
  description?: string;
  photos?: { bytes: Uint8Array; name: string; type: string }[];
  video?: { bytes: Uint8Array; name: string; type: string } | null;
}

/** The multipart request of a claim (bytes, as a server receives them). */
export async function claimRequest(
  url: string,
  parts: ClaimParts,
  token?: string,
): Promise<Request> {
  const form = new FormData();
  if (parts.items !== undefined) form.set("items", JSON.stringify(parts.items));
  if (parts.description !== undefined) form.set("description", parts.description);
  for (const p of parts.photos ?? [])
    form.append("photos", new Blob([new Uint8Array(p.bytes)], { type: p.type }), p.name);
  if (parts.video)
    form.set(
      "video",
      new Blob([new Uint8Array(parts.video.bytes)], { type: parts.video.type }),
      parts.video.name,
    );
  const encoded = new Response(form);
  const headers: Record<string, string> = { "content-type": encoded.headers.get("content-type")! };
  if (token) headers.authorization = `Bearer ${token}`;
  return new Request(new URL(url, "http://127.0.0.1:4321"), {
    method: "POST",
    headers,
    body: await encoded.arrayBuffer(),
  });
}

/** Runs a route with a request, params and the session cookie's user (null: anonymous). */
export const run = (
  route: APIRoute | undefined,
  request: Request,
  params: Record<string, string>,
  user: NonNullable<Caller["user"]> | null = null,
) => runRoute(route, request, params, { user });

/**
 * The usual claim through the shopper's claim route (`route`: /v2/orders/[id]/claim's POST): the
 * order's first line, a cracked frame, one photo and a video; answers the new claim's id.
 */
export async function fileClaim(route: APIRoute | undefined, orderId: string, token: string) {
  const request = await claimRequest(
    `/v2/orders/${orderId}/claim`,
    {
      items: [{ itemId: `${orderId}_line_0`, quantity: 1 }],
      description: "The frame arrived with a cracked corner.",
      photos: [{ bytes: await jpeg(), name: "p.jpg", type: "image/jpeg" }],
      video: { bytes: mp4(), name: "v.mp4", type: "video/mp4" },
    },
    token,
  );
  const answer = await run(route, request, { id: orderId });
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return answer.json.id as string;
}

export const get = (url: string, headers: Record<string, string> = {}) =>
  new Request(new URL(url, "http://127.0.0.1:4321"), { headers });
