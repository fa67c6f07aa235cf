/**
 * The portal's categories API (docs/product.md §7 Admin, decision 0038) against a real database: the Show on
 * Site toggle (and a hidden category leaving the public list, the home page and the filter chips),
 * the image address allowlist, and creating a category with a derived slug (a duplicate refused).
 * Callers are real accounts on a private Auth Emulator; the owner's role is its users row.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import type { APIContext } from "astro";
import { schema } from "../src/server/db/client";
import { resetEnvForTests } from "../src/server/env";
import { call } from "./helpers/call";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";

const EMULATOR_PORT = EMULATOR_PORTS.adminCategories;
const { owner, shopper } = usePortalAccounts(EMULATOR_PORT);
let dataDir: string;
const savedDataDir = process.env.DATA_DIR;

beforeAll(async () => {
  // Uploads land in a scratch data folder (the media store), never the worktree's ./data.
  dataDir = await mkdtemp(join(tmpdir(), "resin-categories-"));
  process.env.DATA_DIR = dataDir;
  resetEnvForTests();
});

afterAll(async () => {
  if (savedDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = savedDataDir;
  resetEnvForTests();
  await rm(dataDir, { recursive: true, force: true });
});

const listRoute = await import("../src/pages/v2/admin/categories/index");
const oneRoute = await import("../src/pages/v2/admin/categories/[id]");
const publicRoute = await import("../src/pages/v2/categories");
const uploadRoute = await import("../src/pages/v2/upload-cloud");
const { loadHomePage } = await import("../src/features/home/home-page.server");
const { loadProductListPage } = await import("../src/features/catalogue/list-page.server");
const { IMAGE_REFUSED } = await import("../src/features/admin/categories/categories-admin.server");

const SITE = "http://localhost:4321";

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
  const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: "#c08040" } })
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

describe.each(dbKinds)("admin categories on %s", (kind) => {
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

  it("lists every category, hidden ones too, newest first, with show, img, createdAt and its active products' count", async () => {
    const list = await call(listRoute.GET, "/v2/admin/categories", { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.json.map((c: { id: string }) => c.id)).toEqual(["Coasters", "Wall Art", "Frames"]);
    expect(list.json[0]).toEqual({
      id: "Coasters",
      slug: "coasters",
      name: "Coasters",
      img: "",
      show: 0,
      createdAt: "2026-03-01T00:00:00.000Z",
      productCount: 0,
    });
    // The owner sees how many products each holds before showing it (decision 0076).
    expect(list.json.map((c: { productCount: number }) => c.productCount)).toEqual([0, 1, 0]);
    expect(
      (await call(listRoute.GET, "/v2/admin/categories", { token: shopper.token })).status,
    ).toBe(403);
    expect((await call(listRoute.GET, "/v2/admin/categories")).status).toBe(401);
  });

  it("hides a category: it leaves the public list, the home page's collections and the filter chips at once", async () => {
    const off = await patchShow("Wall Art", "0");
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ id: "Wall Art", show: 0 });
    expect((await row("Wall Art"))!.show).toBe(0);

    const publicList = await call(publicRoute.GET, "/v2/categories");
    expect(publicList.json.map((c: { slug: string }) => c.slug)).toEqual(["frames"]);
    const home = await loadHomePage(async () => t.db);
    expect(home.state).toBe("found");
    if (home.state === "found") expect(home.categories.map((c) => c.slug)).toEqual(["frames"]);
    const listPage = await loadProductListPage(async () => t.db, null, new URLSearchParams());
    expect(listPage.state).toBe("found");
    if (listPage.state === "found")
      expect(listPage.categories.map((c) => c.slug)).toEqual(["frames"]);

    const on = await patchShow("Wall Art", "1");
    expect(on.json.show).toBe(1);
    const again = await call(publicRoute.GET, "/v2/categories");
    expect(again.json.map((c: { slug: string }) => c.slug).sort()).toEqual(["frames", "wall-art"]);
  });

  it("refuses a bad new_show or an unknown category and writes nothing", async () => {
    for (const bad of ["2", "true", "", "01"]) {
      const answer = await patchShow("Frames", bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.json.error).toContain("new_show must be 0 or 1");
    }
    expect((await row("Frames"))!.show).toBe(1);
    const missing = await patchShow("Nope", "0");
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe("Category not found");
  });

  it("saves an image this shop stored, and refuses any other address without writing", async () => {
    const uploaded = await uploadPng();
    expect(uploaded).toMatch(/^\/media\/[a-f0-9]{32}\/\d+\.png$/);
    const saved = await postImage("Frames", uploaded);
    expect(saved.status).toBe(200);
    expect(saved.json.img).toBe(uploaded);

    for (const bad of [
      uploaded.replace(/[a-f0-9]{32}/, "0123456789abcdef0123456789abcdef"),
      `https://evil.example${uploaded}`,
      `${SITE}/admin`,
      "https://res.cloudinary.com/somecloud/image/upload/v1/x.jpg",
      "/images/categories/frames.svg",
      "/media/../secrets.txt",
      `${uploaded}?u=https://evil.example`,
      "//evil.example/media/x.png",
      "javascript:alert(1)",
    ]) {
      const answer = await postImage("Frames", bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.json.error, bad).toBe(IMAGE_REFUSED);
    }
    expect((await row("Frames"))!.img).toBe(uploaded);
    expect((await postImage("Frames", "")).status).toBe(400);
    expect((await postImage("Nope", uploaded)).status).toBe(404);
  });

  it("accepts the delivery address of the shop's own Cloudinary account only", async () => {
    process.env.CLOUDINARY_URL = "cloudinary://key:secret@resin-cloud";
    resetEnvForTests();
    const ours = await postImage(
      "Coasters",
      "https://res.cloudinary.com/resin-cloud/image/upload/v17/coasters.webp",
    );
    expect(ours.status).toBe(200);
    const theirs = await postImage(
      "Coasters",
      "https://res.cloudinary.com/other-cloud/image/upload/v17/coasters.webp",
    );
    expect(theirs.status).toBe(400);
    const plainHttp = await postImage(
      "Coasters",
      "http://res.cloudinary.com/resin-cloud/image/upload/v17/coasters.webp",
    );
    expect(plainHttp.status).toBe(400);
    expect((await row("Coasters"))!.img).toBe(
      "https://res.cloudinary.com/resin-cloud/image/upload/v17/coasters.webp",
    );
  });

  it("creates a category with a title-cased name and a derived slug, hidden until shown; a duplicate slug is a 400 that says so", async () => {
    const made = await create({ name: "  hand-poured   TRAYS " });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({
      id: "Hand-poured Trays",
      name: "Hand-poured Trays",
      slug: "hand-poured-trays",
      img: "",
      show: 0,
    });

    const before = await t.db.select().from(schema.categories).orderBy(asc(schema.categories.id));
    const duplicate = await create({ name: "Hand Poured Trays" });
    expect(duplicate.status).toBe(400);
    expect(duplicate.json.error).toBe(
      'A category with the slug "hand-poured-trays" already exists.',
    );
    const sameName = await create({ name: "HAND-POURED trays" });
    expect(sameName.status).toBe(400);
    for (const bad of [
      {},
      { name: "" },
      { name: "   " },
      { name: "!!!" },
      { name: "x".repeat(61) },
      { name: "Ok", slug: "mine" },
    ]) {
      expect((await create(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect(await t.db.select().from(schema.categories).orderBy(asc(schema.categories.id))).toEqual(
      before,
    );

    const publicList = await call(publicRoute.GET, "/v2/categories");
    expect(publicList.json.map((c: { slug: string }) => c.slug)).not.toContain("hand-poured-trays");
  });

  // Astro decodes a route parameter with decodeURI, which leaves %26 (&), %3D (=), %2F (/), %23 (#)
  // and %3F (?) as they are; the portal encodes the id with encodeURIComponent. So the route sees
  // what Astro would hand it, and the handler must read the id as decoded text.
  const astroParam = (encoded: string) => {
    let decoded = encoded;
    for (let i = 0; i < 10; i++) {
      let next: string;
      try {
        next = decodeURI(decoded);
      } catch {
        break; // as Astro does: a lone '%' left after one decode ends the loop
      }
      if (next === decoded) break;
      decoded = next;
    }
    return decoded;
  };
  const asPortal = (method: "PATCH" | "POST", id: string, query: string) => {
    const encoded = encodeURIComponent(id);
    return call(oneRoute[method], `/v2/admin/categories/${encoded}?${query}`, {
      method,
      params: { id: astroParam(encoded) },
      token: owner.token,
    });
  };

  it("a category named with '&', '=', '/', '#', '?' or '%' can be shown and given an image", async () => {
    const image = await uploadPng();
    for (const name of ["Frames & Tags", "Size=Large", "Photo/Frame", "No. #1?", "100% Resin"]) {
      const made = await create({ name });
      expect(made.status, name).toBe(201);
      const id = made.json.id as string;
      expect(id).toBe(made.json.name); // the id is the (title-cased) name, special characters kept
      expect(id).toMatch(/[&=/#?%]/);
      const shown = await asPortal("PATCH", id, "new_show=1");
      expect(shown.status, `${name}: ${shown.text}`).toBe(200);
      expect(shown.json).toMatchObject({ id, show: 1 });
      const pictured = await asPortal("POST", id, `img=${encodeURIComponent(image)}`);
      expect(pictured.status, `${name}: ${pictured.text}`).toBe(200);
      expect(await row(id)).toMatchObject({ show: 1, img: image });
    }
    // A malformed escape is a 400 that says so, not a 404 or a 500.
    const broken = await call(oneRoute.PATCH, "/v2/admin/categories/Frames%E0%A4?new_show=1", {
      method: "PATCH",
      params: { id: "Frames%E0%A4" },
      token: owner.token,
    });
    expect(broken.status).toBe(400);
    expect(broken.json.error).toMatch(/id/);
  });
});
