/**
 * Every API route has a rate limit or a written reason why not (docs/decisions/0177-a-limit-on-every-write.md):
 * walks the route files under src/pages and compares them with the one table,
 * src/server/route-limits.ts. A route missing from the table fails; so does a limiter named there
 * but not wired in the route file, a limiter counted in a handler file that does not count it, and
 * an "owner only" route whose handler does not check the owner (requireAdmin, or isAdmin on a page).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { LIMITERS, OWNER_ONLY, ROUTE_LIMITS } from "~/server/route-limits";
import { specifierPath } from "./helpers/imports";
import { renderLimiters, renderRoutes } from "~/server/route-limits-doc";

const PAGES = "src/pages";
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE", "ALL"]);

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** "/v2/users/grievance" for src/pages/v2/users/grievance.ts; index files name their folder. */
function routePath(file: string): string {
  const path = `/${relative(PAGES, file).replace(/\.ts$/, "")}`.replace(/\/index$/, "");
  return path === "" ? "/" : path;
}

/** The methods a route file exports (HEAD aliases GET; ALL alone is the route's only method). */
function exportedMethods(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/export const \{([^}]+)\}/g))
    for (const name of match[1]!.split(",")) names.add(name.trim());
  for (const match of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE|ALL)\b/g))
    names.add(match[1]!);
  const methods = METHODS.filter((m) => names.has(m));
  return methods.length === 0 && names.has("ALL") ? ["ALL"] : methods;
}

interface Route {
  key: string;
  method: string;
  file: string;
  source: string;
}

const routes: Route[] = routeFiles(PAGES).flatMap((file) => {
  const source = readFileSync(file, "utf8");
  return exportedMethods(source).map((method) => ({
    key: `${method} ${routePath(file)}`,
    method,
    file,
    source,
  }));
});

/** The source of the function `name` that the route file imports (its body up to the next export). */
function handlerSource(route: Route): string {
  const wired =
    new RegExp(`${route.method}: (?:\\(context\\) => )?(\\w+)`).exec(route.source) ??
    new RegExp(`export const ${route.method} = (\\w+)`).exec(route.source);
  if (!wired) return route.source;
  const name = wired[1]!;
  const from = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from "([^"]+)"`).exec(route.source);
  if (!from) return route.source;
  const base = specifierPath(route.file, from[1]!);
  if (!base) return "";
  const file = [`${base}.ts`, `${base}.tsx`].find((f) => existsSync(f));
  if (!file) return "";
  const module = readFileSync(file, "utf8");
  const at = module.indexOf(`export async function ${name}(`);
  if (at === -1) return factorySource(file, module, name);
  const next = module.indexOf("\nexport ", at + 1);
  return module.slice(at, next === -1 ? undefined : next);
}

/** A handler made by a factory (`export const { get: name } = sectionRoutes(...)`): the factory's file. */
function factorySource(file: string, module: string, name: string): string {
  const made = new RegExp(`export const \\{[^}]*\\b${name}\\b[^}]*\\} = (\\w+)\\(`).exec(module);
  if (!made) return "";
  const from = new RegExp(`import \\{[^}]*\\b${made[1]}\\b[^}]*\\} from "([^"]+)"`).exec(module);
  const base = from && specifierPath(file, from[1]!);
  const found = base && [`${base}.ts`, `${base}.tsx`].find((f) => existsSync(f));
  return found ? readFileSync(found, "utf8") : "";
}

describe("a rate limit on every route, or a reason why not", () => {
  it("finds the route files (the walk itself works)", () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.map((r) => r.key)).toContain("POST /v2/users/grievance");
    expect(routes.map((r) => r.key)).toContain("GET /v2/users/my-data");
  });

  it("lists every route of src/pages in the table, and nothing else", () => {
    const keys = routes.map((r) => r.key).sort();
    const missingWrites = keys.filter((k) => !(k in ROUTE_LIMITS) && WRITES.has(k.split(" ")[0]!));
    expect(missingWrites, "write routes without a limit or a reason").toEqual([]);
    expect(keys.filter((k) => !(k in ROUTE_LIMITS))).toEqual([]);
    expect(Object.keys(ROUTE_LIMITS).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it("wires each named limiter in its route file", () => {
    const unwired = routes.filter((route) => {
      const rule = ROUTE_LIMITS[route.key];
      if (!rule || !("limiter" in rule)) return false;
      expect(LIMITERS).toHaveProperty([rule.limiter]);
      return !new RegExp(`${route.method}: limited\\("${rule.limiter}", `).test(route.source);
    });
    expect(unwired.map((r) => r.key)).toEqual([]);
  });

  it("finds each limit counted inside a handler in the file the table names", () => {
    for (const [key, rule] of Object.entries(ROUTE_LIMITS)) {
      if (!("counted" in rule)) continue;
      expect(readFileSync(rule.in, "utf8"), key).toContain(`\`${rule.counted}:`);
    }
  });

  it("exempts as owner only just the routes whose handler starts with requireAdmin", () => {
    const owner = routes.filter((r) => {
      const rule = ROUTE_LIMITS[r.key];
      return rule && "none" in rule && rule.none.startsWith(OWNER_ONLY);
    });
    expect(owner.length).toBeGreaterThan(50);
    const notAdmin = owner.filter(
      (r) => !/\b(requireAdmin|isAdmin|mayRequest)\(/.test(handlerSource(r)),
    );
    expect(notAdmin.map((r) => r.key)).toEqual([]);
  });

  it("gives every write a limit unless it is owner only, a webhook or the demo page", () => {
    const writesWithout = Object.entries(ROUTE_LIMITS).filter(
      (entry): entry is [string, { none: string }] =>
        WRITES.has(entry[0].split(" ")[0]!) && "none" in entry[1],
    );
    for (const [key, rule] of writesWithout)
      expect(rule.none, key).toMatch(/^(owner only|webhook|the local provider's|answers 404)/);
  });

  it("lists the same limits in docs/limits-and-readiness.md as the table", () => {
    const doc = readFileSync("docs/limits-and-readiness.md", "utf8");
    expect(doc).toContain(`\n${renderLimiters()}\n<!-- end limiters -->`);
    expect(doc).toContain(`\n${renderRoutes()}\n<!-- end routes -->`);
  });
});
