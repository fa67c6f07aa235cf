import { describe, expect, it } from "vitest";
import { slugify, titleCase } from "./text";

describe("category name rules (docs/product.md §5)", () => {
  it("title-cases each word", () => {
    expect(titleCase("wall art")).toBe("Wall Art");
    expect(titleCase("  LUGGAGE   tags ")).toBe("Luggage Tags");
    expect(titleCase("varmala")).toBe("Varmala");
  });

  it("derives the slug: lowercase, non-alphanumerics to hyphens, trimmed", () => {
    expect(slugify("Wall Art")).toBe("wall-art");
    expect(slugify("  Custom Keepsakes & Gifts! ")).toBe("custom-keepsakes-gifts");
    expect(slugify("--Frames--")).toBe("frames");
    expect(slugify("A4 / A3 Frames")).toBe("a4-a3-frames");
  });
});
