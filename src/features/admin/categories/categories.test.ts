import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  categoryCounts,
  matchesCategory,
  newCategoryFields,
  sortCategories,
  type Category,
} from "./categories";
import { createCategoryBody } from "./categories.schema";

const cat = (
  slug: string,
  createdAt: string,
  show: 0 | 1 = 1,
  name: string | null = null,
): Category => ({ id: slug.toUpperCase(), slug, name, img: "", show, createdAt });
const LIST = [
  cat("wall-art", "2026-02-01T00:00:00Z", 1, "Wall Art"),
  cat("frames", "2026-03-01T00:00:00Z", 0),
  cat("coasters", "2026-01-01T00:00:00Z"),
];

describe("the categories screen's rules", () => {
  it("counts all categories and those shown on the home page", () => {
    expect(categoryCounts(LIST)).toEqual({ total: 3, onHome: 2 });
    expect(categoryCounts([])).toEqual({ total: 0, onHome: 0 });
  });

  it("searches slug or name, case-insensitive", () => {
    expect(LIST.filter((c) => matchesCategory(c, "WALL")).map((c) => c.slug)).toEqual(["wall-art"]);
    expect(LIST.filter((c) => matchesCategory(c, "wall art")).map((c) => c.slug)).toEqual([
      "wall-art",
    ]);
    expect(LIST.filter((c) => matchesCategory(c, "rame")).map((c) => c.slug)).toEqual(["frames"]);
    expect(LIST.filter((c) => matchesCategory(c, "  ")).length).toBe(3);
    expect(LIST.filter((c) => matchesCategory(c, "zzz")).length).toBe(0);
  });

  it("sorts newest first, oldest first, and by slug A-Z and Z-A, without changing the input", () => {
    const before = LIST.map((c) => c.slug);
    expect(sortCategories(LIST, "newest").map((c) => c.slug)).toEqual([
      "frames",
      "wall-art",
      "coasters",
    ]);
    expect(sortCategories(LIST, "oldest").map((c) => c.slug)).toEqual([
      "coasters",
      "wall-art",
      "frames",
    ]);
    expect(sortCategories(LIST, "name-asc").map((c) => c.slug)).toEqual([
      "coasters",
      "frames",
      "wall-art",
    ]);
    expect(sortCategories(LIST, "name-desc").map((c) => c.slug)).toEqual([
      "wall-art",
      "frames",
      "coasters",
    ]);
    expect(LIST.map((c) => c.slug)).toEqual(before);
  });

  it("title-cases the name per word and derives the slug (docs/product.md §5)", () => {
    expect(newCategoryFields("  resin   TRAYS ")).toEqual({
      id: "Resin Trays",
      name: "Resin Trays",
      slug: "resin-trays",
    });
    expect(newCategoryFields("wall art & décor!")).toEqual({
      id: "Wall Art & Décor!",
      name: "Wall Art & Décor!",
      slug: "wall-art-d-cor",
    });
  });

  it("checks the create body with the server's schema", () => {
    expect(z.safeParse(createCategoryBody, { name: " Trays " }).data).toEqual({ name: "Trays" });
    for (const bad of [
      {},
      { name: "" },
      { name: "!!" },
      { name: "a".repeat(61) },
      { name: "ok", extra: 1 },
    ]) {
      expect(z.safeParse(createCategoryBody, bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
