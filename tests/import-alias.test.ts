/**
 * `~/` names src/ (tsconfig.json `paths`, docs/decisions/0192-import-alias.md) in every tool that
 * reads our code: Vitest (its own alias in tests/vitest.config.ts), tsx (the CLI and bench),
 * esbuild (the serve bundle, src/server/cli/bundle-serve.ts) and the import walker the
 * architecture tests use. Astro and Playwright are shown by the build and the e2e specs, which
 * import through it too.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import * as viaAlias from "~/lib/dates";
import * as viaPath from "../src/lib/dates";
import { folderImports, reachableModules, specifierPath } from "./helpers/imports";

const scratch = mkdtempSync(path.join(tmpdir(), "alias-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

const PROBE = 'import { addDays } from "~/lib/dates";\nconsole.log(addDays("2026-02-28", 1));\n';

describe("the ~/ import alias", () => {
  it("Vitest loads the same module through ~/ as through its path", () => {
    expect(viaAlias.addDays).toBe(viaPath.addDays);
  });

  it("tsx runs a script that imports through ~/", () => {
    const file = path.join(scratch, "probe.ts");
    writeFileSync(file, PROBE);
    const out = execFileSync("npx", ["tsx", file], { encoding: "utf8" });
    expect(out.trim()).toBe("2026-03-01");
  });

  it("esbuild bundles ~/ as our code, with packages left external as bundle-serve does", async () => {
    const result = await build({
      stdin: { contents: PROBE, resolveDir: process.cwd(), loader: "ts" },
      bundle: true,
      packages: "external",
      platform: "node",
      format: "esm",
      write: false,
    });
    const text = result.outputFiles[0]!.text;
    expect(text).toContain("function addDays(");
    expect(text).not.toContain("~/lib/dates");
  });

  it("the import walker follows ~/ to src/", () => {
    const file = path.join(scratch, "walk.ts");
    writeFileSync(file, PROBE);
    expect(specifierPath(file, "~/lib/dates")).toBe(path.resolve("src/lib/dates"));
    expect([...reachableModules(file).keys()]).toContain(path.resolve("src/lib/dates.ts"));
  });

  it("the files plain Node runs (imports written with .ts) climb with ../, never ~/", () => {
    // src/server/serve/serve.ts and its .ts imports run under Node's type stripping, which knows
    // no tsconfig paths: a ~/ there stops `npm start` (docs/decisions/0192-import-alias.md).
    const aliasedTs = filesUnder("src")
      .filter((f) => /\.(ts|tsx)$/.test(f))
      .filter((f) => /["']~\/[^"']*\.ts["']/.test(readFileSync(f, "utf8")));
    expect(aliasedTs).toEqual([]);
    expect(readFileSync("src/server/serve/serve.ts", "utf8")).toContain('from "../log/logger.ts"');
  });

  it("the feature-boundary walker counts a ~/ import between two features", () => {
    // refunds/refunds.api.ts imports the owner's order writes as ~/features/admin/orders/...
    expect(folderImports("src/features").get("refunds -> admin")).toContain(
      "refunds/refunds.api.ts",
    );
  });
});
