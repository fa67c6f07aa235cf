/**
 * Search forgives a typo or two (docs/decisions/0198-search-typo-tolerance.md) against a real
 * database: the list page's first products and its "Did you mean", and the API's pages, when the
 * exact rule finds nothing; an exact match never brings in near misses.
 */
import { describe, expect, it } from "vitest";
import { dbKinds } from "./helpers/db";
import { useTestDb } from "./helpers/suite-db";
import { call } from "./helpers/call";
import { pid, seed, shownListPage } from "./helpers/catalogue";

const productsRoute = await import("~/pages/v2/products/index");

describe.each(dbKinds)("search with typos on %s", (kind) => {
  const t = useTestDb(kind, seed);

  const shown = (search: string) => shownListPage(t, null, search);

  it("finds 'Ocean 50% Wave Frame' for 'ocaen wvae' and suggests the right words", async () => {
    const page = await shown("q=ocaen+wvae");
    expect(page.initial.map((card) => card.id)).toEqual([pid(3)]);
    expect(page.total).toBe(1);
    expect(page.suggestion).toBe("ocean wave");
  });

  it("an exact match shows no suggestion and no near misses", async () => {
    const page = await shown("q=ocean");
    expect(page.initial.map((card) => card.id)).toEqual([pid(3)]);
    expect(page.suggestion).toBeNull();
  });

  it("nothing close: nothing found, nothing suggested", async () => {
    const page = await shown("q=zebrafish");
    expect(page.total).toBe(0);
    expect(page.suggestion).toBeNull();
  });

  it("the API's pages forgive the same typos", async () => {
    const res = await call(
      productsRoute.GET,
      "/v2/products?limit=12&offset=0&status=active&q=ocaen",
    );
    expect(res.status).toBe(200);
    expect((res.json as { id: string }[]).map((p) => p.id)).toEqual([pid(3)]);
  });
});
