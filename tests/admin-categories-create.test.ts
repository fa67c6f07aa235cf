/**
 * The portal's categories API (docs/product.md §7 Admin, decision 0038) against a real database:
 * creating a category with a title-cased name and a derived slug (a duplicate refused), and a
 * category named with URL characters shown and given an image as the portal sends it. The toggle
 * and the image allowlist: admin-categories.test.ts.
 */
import { describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";
import { categoriesKit, categoryCalls, oneRoute, publicRoute } from "./helpers/admin-categories";
import { useScratchDataDir } from "./helpers/scratch-data-dir";

const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.adminCategoriesCreate);
useScratchDataDir("resin-categories-");
const { uploadPng, create } = categoryCalls(owner);

describe.each(dbKinds)("admin categories on %s", (kind) => {
  const k = categoriesKit(kind, owner, shopper);
  const { row } = k;

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

    const before = await k.t.db.select().from(schema.categories).orderBy(asc(schema.categories.id));
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
    expect(
      await k.t.db.select().from(schema.categories).orderBy(asc(schema.categories.id)),
    ).toEqual(before);

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
