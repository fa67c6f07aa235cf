/**
 * The features' import directions (docs/decisions/0062-feature-boundaries.md): no two feature
 * folders import each other (type-only imports count), and custom work touches only its own tables,
 * reading everything else through the owning feature's loader.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as schema from "~/server/db/schema/custom-work";
import { folderImports, schemaImports, sourceFiles, twoWayImports } from "./helpers/imports";

const FEATURES = "src/features";

/**
 * Pairs still known to import both ways, each with the reason; remove an entry when it goes (the
 * test below fails on an entry that no longer imports both ways).
 * - cart <-> catalogue: the product page's island (catalogue/ProductDetail.tsx) adds to the cart.
 * - admin <-> refunds: the owner's refund API (refunds/refunds.api.ts) cancels an order through the
 *   owner's status change (admin/orders/orders-admin.server.ts), while the portal's refund client
 *   reads refunds' answer types.
 */
const KNOWN = ["admin <-> refunds", "cart <-> catalogue"];

describe("feature boundaries", () => {
  const edges = folderImports(FEATURES);

  it("the walker sees imports both ways (it would catch a new pair)", () => {
    expect(edges.get("checkout -> custom")).toContain("checkout/quote-pay.server.ts");
    expect(
      twoWayImports(
        new Map([
          ["a -> b", ["a/x.ts"]],
          ["b -> a", ["b/y.ts"]],
        ]),
      ),
    ).toEqual(["a <-> b"]);
  });

  it("no two features import each other, but for the known pairs", () => {
    const pairs = twoWayImports(edges).filter((pair) => !KNOWN.includes(pair));
    const detail = pairs.map((pair) => {
      const [a, b] = pair.split(" <-> ");
      return `${pair}: ${edges.get(`${a} -> ${b}`)?.join(", ")} / ${edges.get(`${b} -> ${a}`)?.join(", ")}`;
    });
    expect(detail).toEqual([]);
  });

  it("every known pair still imports both ways (a gone pair leaves the list)", () => {
    expect(KNOWN.filter((pair) => !twoWayImports(edges).includes(pair))).toEqual([]);
  });

  it("portal components call the API through their area's client module (decision 0052)", () => {
    const direct = sourceFiles(path.join(FEATURES, "admin"))
      .filter((file) => /\.(tsx|astro)$/.test(file))
      .filter((file) =>
        /from\s+["'](?:[./]*|~\/features\/admin\/)shell\/admin-api["']/.test(
          readFileSync(file, "utf8"),
        ),
      )
      .map((file) => path.relative(FEATURES, file));
    expect(direct).toEqual([]);
  });

  it("checkout, orders and custom work go one way: checkout -> custom -> orders", () => {
    expect(edges.has("custom -> checkout")).toBe(false);
    expect(edges.has("orders -> custom")).toBe(false);
    expect(edges.has("orders -> checkout")).toBe(false);
  });

  it("custom work imports only its own tables (others through their feature's loader)", () => {
    const own = new Set(Object.keys(schema));
    const foreign = sourceFiles(path.join(FEATURES, "custom")).flatMap((file) =>
      schemaImports(file)
        .filter((name) => !own.has(name))
        .map((name) => `${path.relative(FEATURES, file)}: ${name}`),
    );
    expect(foreign).toEqual([]);
  });
});
