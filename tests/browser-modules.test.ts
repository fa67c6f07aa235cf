/**
 * What the browser loads on every page stays small and safe: no module reachable from a page
 * script's entry (static, dynamic and import.meta.glob imports alike) imports zod, and none is
 * server code (under src/server/ or named *.server.ts).
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { modulesImporting, reachableModules } from "./helpers/imports";

const BROWSER_ENTRIES = [
  "src/features/cart/cart-store.ts",
  "src/components/site/cart-badge.ts",
  "src/components/site/cart-launcher.ts",
  "src/components/site/user-menu.ts",
  "src/features/account/session-store.ts",
  "src/features/account/user-menu.ts",
  "src/features/catalogue/catalogue.ts",
  "src/features/checkout/verify-order.ts",
  "src/features/checkout/CheckoutForm.tsx",
  "src/features/orders/MyOrders.tsx",
];

const SERVER_DIR = path.resolve("src/server") + path.sep;

/** The reachable modules that are server code, relative to the working folder. */
const serverModules = (entry: string) =>
  [...reachableModules(entry).keys()].filter((file) => file.startsWith(SERVER_DIR) || /\.server\.tsx?$/.test(file)).map((file) => path.relative(process.cwd(), file));

describe.each(BROWSER_ENTRIES)("browser entry %s", (entry) => {
  it("reaches no module that imports zod", () => {
    expect(modulesImporting(entry, "zod")).toEqual([]);
  });

  it("reaches no server module", () => {
    expect(serverModules(entry)).toEqual([]);
  });
});

describe("(the checks do find what they look for)", () => {
  it("zod and server modules behind an API handler", () => {
    expect(modulesImporting("src/features/cart/cart.api.ts", "zod")).toEqual(expect.arrayContaining([path.join("src", "features", "cart", "cart.schema.ts")]));
    expect(serverModules("src/features/cart/cart.api.ts")).toEqual(expect.arrayContaining([path.join("src", "server", "http.ts"), path.join("src", "features", "cart", "cart.server.ts")]));
  });

  it("modules loaded on demand through import()", () => {
    const drawer = path.resolve("src/features/cart/CartDrawer.tsx");
    expect(reachableModules("src/components/site/cart-launcher.ts").has(drawer)).toBe(true);
    expect(reachableModules("src/components/site/cart-launcher.ts", { includeDynamic: false }).has(drawer)).toBe(false);
  });
});
