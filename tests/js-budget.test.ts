/** What the JavaScript budgets count on a page (bench/js-budget.ts, docs/decisions/0223-javascript-budgets.md). */
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { budgetRow, firstLoadUrls, staticImports } from "../bench/js-budget";

const island = (client: string, name: string) =>
  `<astro-island uid="x" component-url="/_astro/${name}.js" renderer-url="/_astro/client.js" client="${client}" ssr></astro-island>`;

describe("first-load JavaScript", () => {
  it("counts module scripts, inline imports, the shell's deferred list and islands that load by themselves", () => {
    const html = [
      '<script type="module" src="/_astro/page.js"></script>',
      '<script type="module">import"/_astro/inline.js";</script>',
      '<script type="module">const c=["/_astro/Shop.css"],u=["/_astro/TopNav.js","/_astro/Shop.js"];</script>',
      '<script type="application/ld+json">{"a":"/_astro/not-a-script.js"}</script>',
      island("visible", "Seen"),
      island("idle", "Idle"),
      island("touch", "Touched"),
    ].join("\n");
    expect(firstLoadUrls(html).sort()).toEqual(
      [
        "/_astro/page.js",
        "/_astro/inline.js",
        "/_astro/TopNav.js",
        "/_astro/Shop.js",
        "/_astro/Seen.js",
        "/_astro/client.js",
        "/_astro/Idle.js",
      ].sort(),
    );
  });

  it("follows static imports, not dynamic ones", () => {
    const code =
      'import{a as b}from"./x.js";import"./y.js";import*as z from"./z.js";const l=()=>import("./lazy.js");';
    expect(staticImports(code, "/_astro/page.js")).toEqual([
      "/_astro/x.js",
      "/_astro/y.js",
      "/_astro/z.js",
    ]);
  });

  it("sums each file once, gzipped", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "js-budget-"));
    mkdirSync(path.join(dir, "_astro"));
    writeFileSync(path.join(dir, "_astro/a.js"), 'import"./shared.js";import"./b.js";a();');
    writeFileSync(path.join(dir, "_astro/b.js"), 'import"./shared.js";b();');
    writeFileSync(path.join(dir, "_astro/shared.js"), "shared();".repeat(50));
    const row = budgetRow(
      dir,
      { name: "p", path: "/", kind: "content" },
      '<script type="module" src="/_astro/a.js"></script>',
    );
    expect(row.files.map((f) => f.file).sort()).toEqual([
      "/_astro/a.js",
      "/_astro/b.js",
      "/_astro/shared.js",
    ]);
    expect(row.gzipBytes).toBe(row.files.reduce((s, f) => s + f.gzipBytes, 0));
    expect(row.budget).toBe(30_000);
  });
});
