/**
 * A small import-graph walker for tests that keep heavy or server-only code out of the browser's
 * bundles. It reads source files as text (no bundler): relative specifiers and `~/` ones (src/, the
 * alias of tsconfig.json) are followed, bare ones (packages) are reported by `bareImports`. Type-only imports and exports are ignored: they are
 * erased before anything runs.
 *
 *   const modules = reachableModules("src/features/cart/cart-store.ts");   // absolute path -> source
 *   [...modules.values()].some((source) => bareImports(source).includes("zod"));
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** `import ... from "x"`, `import "x"`, `export ... from "x"`; not `import type` / `export type`. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?["']([^"']+)["']/gm;
/** `import("x")` and `import.meta.glob("x")` (and its typed form `import.meta.glob<T>("x")`). */
const DYNAMIC_IMPORT = /import(?:\.meta\.glob[^(]*)?\(\s*["']([^"']+)["']/g;

export interface WalkOptions {
  /**
   * Whether to follow `import()` and `import.meta.glob()` as well as static imports (default true).
   * Pass false to see only what loads together with the entry, not what it loads later on demand.
   */
  includeDynamic?: boolean;
  /**
   * Whether to follow type-only imports too (default false). Erased before anything runs, they
   * still make a module shared with the browser: its schema is the browser's too (decision 0010).
   */
  includeTypes?: boolean;
  /** Whether to follow the imports of a module reached (default: every module's). */
  enter?: (file: string) => boolean;
}

/** The specifiers a module imports at run time (and type-only, if asked), in the order found (static first). */
export function importSpecifiers(
  source: string,
  { includeDynamic = true, includeTypes = false }: WalkOptions = {},
): string[] {
  const statics = includeTypes
    ? [...withoutComments(source).matchAll(ANY_IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]!)
    : [...source.matchAll(STATIC_IMPORT)].map((m) => m[1]!);
  const dynamics = includeDynamic ? [...source.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]!) : [];
  return [...statics, ...dynamics];
}

/** The packages (neither relative nor `~/`) a module imports statically, e.g. ["zod", "firebase/auth"]. */
export function bareImports(source: string): string[] {
  return importSpecifiers(source, { includeDynamic: false }).filter(
    (specifier) => !isLocal(specifier),
  );
}

/** src/, which `~/` names (tsconfig.json `paths`, docs/decisions/0192-import-alias.md). */
const SRC = path.resolve(import.meta.dirname, "../../src");

/** Whether a specifier names one of our files (relative or `~/`) rather than a package. */
export const isLocal = (specifier: string) =>
  specifier.startsWith(".") || specifier.startsWith("~/");

/** The path a local specifier names, as written (no ending added); undefined for a package. */
export function specifierPath(from: string, specifier: string): string | undefined {
  if (specifier.startsWith("~/")) return path.join(SRC, specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(from), specifier);
  return undefined;
}

const isFile = (candidate: string) =>
  statSync(candidate, { throwIfNoEntry: false })?.isFile() ?? false;

/** The file a local specifier names: as written, then with .ts or .tsx, then its folder's index.ts. */
function resolveLocal(from: string, specifier: string): string | undefined {
  const base = specifierPath(from, specifier);
  if (base === undefined) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(isFile);
}

/** Every module reachable from `entry` through local imports: absolute path -> source text. */
export function reachableModules(entry: string, options: WalkOptions = {}): Map<string, string> {
  const seen = new Map<string, string>();
  const pending = [path.resolve(entry)];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    const source = readFileSync(file, "utf8");
    seen.set(file, source);
    if (seen.size > 1 && options.enter && !options.enter(file)) continue;
    for (const specifier of importSpecifiers(source, options)) {
      const found = resolveLocal(file, specifier);
      if (found) pending.push(found);
    }
  }
  return seen;
}

/** The modules reachable from `entry` that import `pkg` (or a subpath of it), relative to the working folder. */
export function modulesImporting(entry: string, pkg: string, options: WalkOptions = {}): string[] {
  const imports = (specifier: string) => specifier === pkg || specifier.startsWith(`${pkg}/`);
  return [...reachableModules(entry, options)]
    .filter(([, source]) => bareImports(source).some(imports))
    .map(([file]) => path.relative(process.cwd(), file));
}

/** `zod/mini` (and its aliases) is the small build the browser may load; anything else from zod is the full build. */
const ZOD_MINI = new Set(["zod/mini", "zod/v4-mini", "zod/v4/mini"]);

/** The reachable modules that import the full zod build (`zod`, `zod/v4`, ...), not `zod/mini`. */
export function modulesImportingFullZod(entry: string, options: WalkOptions = {}): string[] {
  const full = (specifier: string) =>
    (specifier === "zod" || specifier.startsWith("zod/")) && !ZOD_MINI.has(specifier);
  return [...reachableModules(entry, options)]
    .filter(([, source]) => bareImports(source).some(full))
    .map(([file]) => path.relative(process.cwd(), file));
}

/** Every import of any kind (type-only too: a type ties two folders as much as a value). */
const ANY_IMPORT =
  /^\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']/gm;

/** Source without its comments (a path in a doc comment is not an import). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

/** The .ts, .tsx and .astro files under a folder, recursively. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|astro)$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The imports between the folders directly under `root` (src/features: one folder per feature):
 * "from -> to" -> the files of `from` that import `to` ("checkout/quote-pay.server.ts").
 */
export function folderImports(root: string): Map<string, string[]> {
  const base = path.resolve(root);
  const edges = new Map<string, string[]>();
  for (const file of sourceFiles(base)) {
    const from = path.relative(base, file).split(path.sep)[0]!;
    for (const match of withoutComments(readFileSync(file, "utf8")).matchAll(ANY_IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3]!;
      const named = specifierPath(file, specifier);
      if (named === undefined) continue;
      const target = path.relative(base, named);
      if (target.startsWith("..")) continue;
      const to = target.split(path.sep)[0]!;
      if (to === from || to === target) continue;
      const key = `${from} -> ${to}`;
      edges.set(key, [...(edges.get(key) ?? []), path.relative(base, file)]);
    }
  }
  return edges;
}

/** The pairs of folders that import each other, each once ("a <-> b", a before b). */
export function twoWayImports(edges: Map<string, string[]>): string[] {
  const pairs = new Set<string>();
  for (const key of edges.keys()) {
    const [from, to] = key.split(" -> ") as [string, string];
    if (edges.has(`${to} -> ${from}`)) pairs.add([from, to].sort().join(" <-> "));
  }
  return [...pairs].sort();
}

/** The names a module imports from the database schema barrel (src/server/db/schema). */
export function schemaImports(file: string): string[] {
  const source = withoutComments(readFileSync(file, "utf8"));
  const found = [
    ...source.matchAll(
      /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["'](?:[./]*|~\/)server\/db\/schema["']/g,
    ),
  ];
  return found.flatMap((m) =>
    m[1]!
      .split(",")
      .map(
        (name) =>
          name
            .replace(/^\s*type\s+/, "")
            .trim()
            .split(/\s+as\s+/)[0]!,
      )
      .filter(Boolean),
  );
}

export { sourceFiles };
