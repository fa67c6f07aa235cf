/**
 * The portal's categories suites' fixture (tests/admin-categories*.test.ts; their uploads go to a
 * scratch data folder, tests/helpers/scratch-data-dir.ts): the routes, three categories and a
 * product, the calls as the owner, and for each database kind a fresh database
 * (`categoriesKit(kind, owner, shopper)`: `k.t.db`, `k.row(id)`).
 */
import sharp from "sharp";
import { afterAll, afterEach, beforeAll } from "vitest";
import { eq } from "drizzle-orm";
import type { APIContext } from "astro";
import { schema } from "~/server/db/client";
import { resetEnvForTests } from "~/server/env";
import { call } from "./call";
import { createTestDb, type TestDb } from "./db";

interface Account {
  uid: string;
  token: string;
}

export const listRoute = await import("~/pages/v2/admin/categories/index");
export const oneRoute = await import("~/pages/v2/admin/categories/[id]");
export const publicRoute = await import("~/pages/v2/categories");
export const uploadRoute = await import("~/pages/v2/upload-cloud");
export const { loadHomePage } = await import("~/features/home/home-page.server");
export const { loadProductListPage } = await import("~/features/catalogue/list-page.server");
export const { IMAGE_REFUSED } = await import(
  "~/features/admin/categories/categories-admin.server"
);

export const SITE = "http://localhost:4321";

/** The calls the suites make, as the owner unless given another token. */
export function categoryCalls(owner: Account) {
  const patchShow = (id: string, show: string, token = owner.token) =>
    call(oneRoute.PATCH, `/v2/admin/categories/${encodeURIComponent(id)}?new_show=${show}`, {
      method: "PATCH",
      params: { id },
      token,
    });
  const postImage = (id: string, img: string, token = owner.token) =>
    call(
      oneRoute.POST,
      `/v2/admin/categories/${encodeURIComponent(id)}?img=${encodeURIComponent(img)}`,
      { method: "POST", params: { id }, token },
    );
  /** Uploads a small PNG as the owner through POST /v2/upload-cloud and answers its secure_url. */
  async function uploadPng(): Promise<string> {
    const png = await sharp({
      create: { width: 64, height: 40, channels: 3, background: "#c08040" },
    })
      .png()
      .toBuffer();
    const boundary = "categoryboundary";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tray.png"\r\nContent-Type: image/png\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const request = new Request("http://127.0.0.1:4321/v2/upload-cloud", {
      method: "POST",
      headers: {
        authorization: `Bearer ${owner.token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      body,
    });
    const response = await uploadRoute.POST!({
      request,
      url: new URL(request.url),
      params: {},
      locals: {},
    } as unknown as APIContext);
    const answer = (await response.json()) as { secure_url?: string; error?: string };
    if (!answer.secure_url) throw new Error(`upload failed: ${response.status} ${answer.error}`);
    return answer.secure_url;
  }

  const create = (body: unknown, token = owner.token) =>
    call(listRoute.POST, "/v2/admin/categories", { method: "POST", body, token });
  return { patchShow, postImage, uploadPng, create };
}

export function categoriesKit(kind: TestDb["kind"], owner: Account, shopper: Account) {
  async function seed(t: TestDb) {
    await t.db.insert(schema.users).values([
      { id: owner.uid, email: `${owner.uid}@example.com`, role: "tm_admin" },
      { id: shopper.uid, email: `${shopper.uid}@example.com` },
    ]);
    await t.db.insert(schema.categories).values([
      {
        id: "Frames",
        slug: "frames",
        name: "Frames",
        img: "/images/categories/frames.svg",
        show: 1,
        createdAt: new Date("2026-01-01T00:00:00Z"),
      },
      {
        id: "Wall Art",
        slug: "wall-art",
        name: "Wall Art",
        img: "/images/categories/wall-art.svg",
        show: 1,
        createdAt: new Date("2026-02-01T00:00:00Z"),
      },
      {
        id: "Coasters",
        slug: "coasters",
        name: "Coasters",
        img: "",
        show: 0,
        createdAt: new Date("2026-03-01T00:00:00Z"),
      },
    ]);
    await t.db
      .insert(schema.products)
      .values({ id: "p1", name: "Geode", pricePaise: 100000, sku: "G-1", categoryId: "Wall Art" });
  }
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
    await seed(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    delete process.env.CLOUDINARY_URL;
    resetEnvForTests();
  });

  const row = async (id: string) =>
    (await t.db.select().from(schema.categories).where(eq(schema.categories.id, id)))[0];
  return {
    get t() {
      return t;
    },
    row,
  };
}
