/**
 * Shared steps of the customer photo suites (docs/decisions/0262-customer-photos-private.md): a
 * product with a photo field, the upload's multipart body, and a route run with a cookie jar (the
 * guest's `guest_photos` cookie), the session cookie's user and a bearer token.
 */
import { crc32 } from "node:zlib";
import type { APIContext, APIRoute } from "astro";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { expect } from "vitest";
import { schema, type Db } from "~/server/db/client";
import type { PhotoField } from "~/lib/personalisation-types";
import { makeOrder } from "./reviews";
import { photo } from "./uploads";

export const PHOTO_FIELD: PhotoField = {
  id: "photo",
  kind: "photo",
  label: "Your photo",
  help: "",
  required: true,
  price: 0,
  maxPhotos: 2,
  minWidth: 200,
  minHeight: 150,
  shape: "rectangle",
  aspect: 1.5,
};

export async function givePhotoField(db: Db, productId: string, field = PHOTO_FIELD) {
  await db
    .update(schema.products)
    .set({ personalisation: [field] })
    .where(eq(schema.products.id, productId));
}

/** A JPEG carrying EXIF with a camera make and a GPS position (what a phone writes). */
export const jpegWithGps = (width = 400, height = 300) =>
  photo(width, height)
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneCo", Model: "Pocket 12" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "18/1 31/1 0/1" },
    })
    .toBuffer();

/** A PNG whose header claims `side` × `side` pixels (a decompression bomb's header). */
export async function pngClaiming(side: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer(),
  );
  // IHDR: length at 8, "IHDR" at 12, width at 16, height at 20, CRC over type+data at 29.
  png.writeUInt32BE(side, 16);
  png.writeUInt32BE(side, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

export const HEIC = () =>
  new Uint8Array([
    0,
    0,
    0,
    0x18,
    ...Buffer.from("ftypheic"),
    0,
    0,
    0,
    0,
    ...Buffer.from("mif1heic"),
    ...new Uint8Array(256),
  ]);

export interface Caller {
  /** Bearer token (helpers/test-tokens' "test:<uid>"). */
  token?: string;
  /** The session cookie's user. */
  user?: { uid: string; role?: string; email?: string } | null;
  /** The cookie jar (the guest's photo key lives here). */
  jar?: Map<string, string>;
}

export async function runRoute(
  route: APIRoute | undefined,
  request: Request,
  params: Record<string, string>,
  caller: Caller = {},
) {
  const jar = caller.jar ?? new Map<string, string>();
  if (caller.token) request.headers.set("authorization", `Bearer ${caller.token}`);
  const user = caller.user;
  const context = {
    request,
    url: new URL(request.url),
    params,
    clientAddress: "127.0.0.1",
    locals: {
      user: user
        ? {
            uid: user.uid,
            firstName: "",
            email: user.email ?? `${user.uid}@example.com`,
            role: user.role ?? "customer",
            isOwner: user.role === "tm_admin",
            emailVerified: true,
          }
        : null,
    },
    cookies: {
      get: (name: string) => (jar.has(name) ? { value: jar.get(name)! } : undefined),
      has: (name: string) => jar.has(name),
      set: (name: string, value: string) => jar.set(name, value),
      delete: (name: string) => jar.delete(name),
    },
  } as unknown as APIContext;
  const response = await route!(context);
  const bytes = Buffer.from(await response.arrayBuffer());
  let json: any;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, bytes, json };
}

/** The upload request: `files` as `file` parts. */
export async function uploadRequest(productId: string, files: Uint8Array[], field = "photo") {
  const form = new FormData();
  for (const [i, f] of files.entries())
    form.append("file", new Blob([new Uint8Array(f)], { type: "image/jpeg" }), `p${i}.jpg`);
  const encoded = new Response(form);
  return new Request(
    new URL(`/v2/personal-photos?product=${productId}&field=${field}`, "http://127.0.0.1:4321"),
    {
      method: "POST",
      headers: { "content-type": encoded.headers.get("content-type")! },
      body: await encoded.arrayBuffer(),
    },
  );
}

export const getRequest = (url: string) => new Request(new URL(url, "http://127.0.0.1:4321"));

/** One photo (jpegWithGps) uploaded through `route` (/v2/personal-photos' POST); its id. */
export async function uploadedPhoto(
  route: APIRoute | undefined,
  productId: string,
  caller: Caller,
): Promise<string> {
  const res = await runRoute(
    route,
    await uploadRequest(productId, [await jpegWithGps()]),
    {},
    caller,
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.photos[0].id as string;
}

/** An order of the product whose line carries the photos in its photo field, as checkout leaves it. */
export async function orderWithPhotos(
  db: Db,
  uid: string,
  productId: string,
  photos: string[],
  status: "processing" | "delivered" = "processing",
  deliveredAt?: Date,
): Promise<string> {
  const orderId = await makeOrder(db, uid, [productId], status, deliveredAt);
  await db
    .update(schema.orderItems)
    .set({
      personalisation: [{ id: "photo", label: "Your photo", kind: "photo", value: "", photos }],
    })
    .where(eq(schema.orderItems.orderId, orderId));
  return orderId;
}
