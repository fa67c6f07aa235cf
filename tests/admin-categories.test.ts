/**
 * The portal's categories API (docs/product.md §7 Admin, decision 0038) against a real database: the Show on
 * Site toggle (and a hidden category leaving the public list, the home page and the filter chips),
 * and the image address allowlist. Creating a category with a derived slug (a duplicate refused)
 * and names with URL characters: admin-categories-create.test.ts; the fixture:
 * tests/helpers/admin-categories.ts.
 * Callers are real accounts on a private Auth Emulator; the owner's role is its users row.
 */
import { describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/server/env";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";
import {
  categoriesKit,
  categoryCalls,
  IMAGE_REFUSED,
  listRoute,
  loadHomePage,
  loadProductListPage,
  publicRoute,
  SITE,
} from "./helpers/admin-categories";
import { useScratchDataDir } from "./helpers/scratch-data-dir";

const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.adminCategories);
useScratchDataDir("resin-categories-");
const { patchShow, postImage, uploadPng } = categoryCalls(owner);

describe.each(dbKinds)("admin categories on %s", (kind) => {
  const k = categoriesKit(kind, owner, shopper);
  const { row } = k;

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
    const home = await loadHomePage(async () => k.t.db);
    expect(home.state).toBe("found");
    if (home.state === "found") expect(home.categories.map((c) => c.slug)).toEqual(["frames"]);
    const listPage = await loadProductListPage(async () => k.t.db, null, new URLSearchParams());
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
});
