/**
 * What the browser loads stays small and safe. The entries are found, not listed by hand:
 *  - page scripts: every module a `<script>` of an .astro file imports (they run on the pages that
 *    use that file, most of them on every page): what loads with them reaches no full zod build
 *    (`zod/mini`, the cart's shared schema, is allowed; a form loaded on demand, like the inquiry
 *    modal, may load more), and nothing they load reaches server code;
 *  - islands: every React file (.tsx) under src/: none may reach server code (under src/server/ or
 *    named *.server.ts / *.api.ts), nor the full zod build (decision 0010: shared schemas are mini).
 * Static, dynamic and import.meta.glob imports are all followed.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  importSpecifiers,
  modulesImportingFullZod,
  reachableModules,
  specifierPath,
} from "./helpers/imports";

function filesUnder(dir: string, ending: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(ending) && !file.includes(".test."))
    .map((file) => path.join(dir, file));
}

/** Modules imported by the processed <script> tags of every .astro file (not is:inline, not data). */
function pageScriptEntries(): string[] {
  const entries = new Set<string>();
  for (const file of filesUnder("src", ".astro")) {
    for (const match of readFileSync(file, "utf8").matchAll(
      /<script(?![^>]*\b(?:is:inline|type=))[^>]*>([\s\S]*?)<\/script>/g,
    )) {
      for (const specifier of importSpecifiers(match[1]!)) {
        const named = specifierPath(file, specifier);
        if (named !== undefined)
          entries.add(path.relative(process.cwd(), named).replace(/(\.ts)?$/, ".ts"));
      }
    }
  }
  return [...entries].sort();
}

const SCRIPT_ENTRIES = pageScriptEntries();
const ISLANDS = filesUnder("src", ".tsx").sort();

const SERVER_DIR = path.resolve("src/server") + path.sep;
const isServer = (file: string) =>
  path.resolve(file).startsWith(SERVER_DIR) || /\.(server|api)\.tsx?$/.test(file);

/** The reachable modules that are server code, relative to the working folder. */
const serverModules = (entry: string) =>
  [...reachableModules(entry).keys()]
    .filter(isServer)
    .map((file) => path.relative(process.cwd(), file));

/**
 * The modules an island shares with the server that import the full zod build: reached through
 * any import, type-only ones too (an answer type and its body's schema live in one module), up
 * to server code. The run-time check above misses a schema whose module the browser imports only
 * for types, as the refunds panel did; decision 0010 still wants it in zod/mini.
 */
const sharedFullZod = (entry: string) =>
  modulesImportingFullZod(entry, { includeTypes: true, enter: (file) => !isServer(file) }).filter(
    (file) => !isServer(file),
  );

it("finds the page scripts and the islands", () => {
  expect(SCRIPT_ENTRIES).toEqual(
    expect.arrayContaining([
      path.join("src", "components", "site", "cart-badge.ts"),
      path.join("src", "features", "home", "carousels.ts"),
    ]),
  );
  expect(ISLANDS).toEqual(
    expect.arrayContaining([
      path.join("src", "features", "catalogue", "ProductDetail.tsx"),
      path.join("src", "features", "cart", "CartDrawer.tsx"),
    ]),
  );
});

describe.each(SCRIPT_ENTRIES)("page script %s", (entry) => {
  it("loads no module that imports the full zod build with the page", () => {
    expect(modulesImportingFullZod(entry, { includeDynamic: false })).toEqual([]);
  });

  it("reaches no server module", () => {
    expect(serverModules(entry)).toEqual([]);
  });
});

describe.each(ISLANDS)("island %s", (entry) => {
  it("reaches no server module", () => {
    expect(serverModules(entry)).toEqual([]);
  });

  it("reaches no module that imports the full zod build (shared schemas are zod/mini)", () => {
    expect(modulesImportingFullZod(entry)).toEqual([]);
  });

  it("shares no module written in the full zod build, type-only imports included", () => {
    expect(sharedFullZod(entry)).toEqual([]);
  });
});

describe("(the checks do find what they look for)", () => {
  it("the full zod build and server modules behind an API handler", () => {
    expect(modulesImportingFullZod("src/features/cart/cart.api.ts")).toEqual(
      expect.arrayContaining([path.join("src", "server", "env.ts")]),
    );
    expect(modulesImportingFullZod("src/features/cart/cart.api.ts")).not.toContain(
      path.join("src", "features", "cart", "cart.schema.ts"),
    );
    expect(serverModules("src/features/cart/cart.api.ts")).toEqual(
      expect.arrayContaining([
        path.join("src", "server", "http.ts"),
        path.join("src", "features", "cart", "cart.server.ts"),
      ]),
    );
  });

  it("modules loaded on demand through import()", () => {
    const drawer = path.resolve("src/features/cart/CartDrawer.tsx");
    expect(reachableModules("src/components/site/cart-launcher.ts").has(drawer)).toBe(true);
    expect(
      reachableModules("src/components/site/cart-launcher.ts", { includeDynamic: false }).has(
        drawer,
      ),
    ).toBe(false);
  });
});

it("the session store (on every page) does not load the states' table (decision 0060)", () => {
  const loaded = [...reachableModules("src/features/account/session-store.ts").keys()];
  expect(loaded.some((file) => file.endsWith(path.join("lib", "address.ts")))).toBe(true);
  expect(loaded.some((file) => file.endsWith("india-states.ts"))).toBe(false);
});
