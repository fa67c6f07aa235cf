import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseSheet } from "./critical-css";
import { inlineCriticalCss } from "./critical-css.server";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const PAGE =
  '<html><head><link rel="stylesheet" href="/_astro/Shop.x.css"></head><body class="flex"><script type="module" src="/_astro/Shop.y.js"></script></body></html>';
const CSP = "script-src 'self' 'sha256-a'; style-src 'self' 'sha256-b'"; // hashes of nothing on the page

describe("inlineCriticalCss", () => {
  it("inlines the page's rules, defers the stylesheet and its scripts, and lists both hashes in the CSP", () => {
    const out = inlineCriticalCss(
      PAGE,
      CSP,
      parseSheet("@layer base{h1{margin:0}}.flex{display:flex}.hidden{display:none}"),
    )!;
    const style = /<style>([\s\S]*?)<\/style>/.exec(out.html)![1]!;
    const loader = /<script type="module">([^<]*)<\/script>/.exec(out.html)![1]!;
    expect(style).toBe("@layer base{h1{margin:0}}.flex{display:flex}");
    expect(style).not.toContain(".hidden{");
    expect(out.html).toContain(
      '<noscript><link rel="stylesheet" href="/_astro/Shop.x.css"></noscript>',
    );
    expect(loader).toContain('const c=["/_astro/Shop.x.css"],u=["/_astro/Shop.y.js"];');
    expect(out.csp).toBe(`script-src 'self' ${sha(loader)}; style-src 'self' ${sha(style)}`);
  });

  it("adds a directive the policy lacks, and keeps the last directive's end", () => {
    const out = inlineCriticalCss(
      PAGE,
      "default-src 'self'; script-src 'self'",
      parseSheet(".flex{display:flex}"),
    )!;
    expect(out.csp).toMatch(
      /^default-src 'self'; script-src 'self' 'sha256-[^']+'; style-src 'self' 'sha256-[^']+'$/,
    );
  });

  it("keeps only the hashes of inline scripts and styles the page holds", () => {
    const island = "self.Astro=1";
    const page = PAGE.replace(
      "</body>",
      `<script>${island}</script><script type="application/ld+json">{}</script></body>`,
    );
    const csp = `script-src 'self' ${sha(island)} ${sha("other page")} https://sdk.cashfree.com; style-src 'self' ${sha("")}; img-src 'self'`;
    const out = inlineCriticalCss(page, csp, parseSheet(".flex{display:flex}"))!;
    const loader = /<script type="module">([^<]*)<\/script>/.exec(out.html)![1]!;
    const style = /<style>([\s\S]*?)<\/style>/.exec(out.html)![1]!;
    expect(out.csp).toBe(
      `script-src 'self' ${sha(island)} https://sdk.cashfree.com ${sha(loader)}; style-src 'self' ${sha(style)}; img-src 'self'`,
    );
  });

  it("leaves a page without the linked stylesheet alone (npm run dev)", () => {
    expect(inlineCriticalCss("<html><body></body></html>", CSP)).toBeNull();
  });
});
