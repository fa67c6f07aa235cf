import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { deferModuleScripts } from "./deferred-scripts";

const PAGE =
  '<html><head><script type="module" src="/_astro/TopNav.a.js"></script><script type="module" src="/_astro/Shop.b.js"></script></head>' +
  '<body><astro-island component-url="/_astro/List.c.js"></astro-island><script type="module">inline()</script></body></html>';

describe("deferModuleScripts", () => {
  it("replaces the module script tags by one loader listing them in document order, before </body>", () => {
    const out = deferModuleScripts(PAGE)!;
    expect(out.html).not.toContain('src="/_astro/TopNav.a.js"');
    expect(out.html).toContain(
      'const c=[],u=["/_astro/TopNav.a.js","/_astro/Shop.b.js"];requestAnimationFrame(',
    );
    expect(out.html).toContain('component-url="/_astro/List.c.js"');
    expect(out.html).toContain('<script type="module">inline()</script>');
    expect(out.html.indexOf("const c=")).toBeGreaterThan(out.html.indexOf("inline()"));
    expect(out.html.endsWith("</script></body></html>")).toBe(true);
  });

  it("names the loader's SHA-256 for the CSP", () => {
    const out = deferModuleScripts(PAGE)!;
    const loader = /<script type="module">(const c=[^<]*)<\/script>/.exec(out.html)![1]!;
    expect(out.scriptHash).toBe(`'sha256-${createHash("sha256").update(loader).digest("base64")}'`);
  });

  it("adds the stylesheets first, even on a page without module scripts", () => {
    const out = deferModuleScripts("<html><body><p>x</p></body></html>", ["/_astro/Shop.x.css"])!;
    expect(out.html).toContain('const c=["/_astro/Shop.x.css"],u=[];');
    expect(out.html.indexOf('l.rel="stylesheet"')).toBeLessThan(
      out.html.indexOf('e.type="module"'),
    );
  });

  it("holds a first-paint form's submits from the page's parse only where such a form is", () => {
    const form = '<form data-early-submit method="post"></form>';
    const out = deferModuleScripts(PAGE.replace("<body>", `<body>${form}`))!;
    const loader = /<script type="module">(const c=[^<]*)<\/script>/.exec(out.html)![1]!;
    expect(loader).toContain('addEventListener("submit"');
    expect(loader.indexOf('addEventListener("submit"')).toBeLessThan(
      loader.indexOf("requestAnimationFrame"),
    );
    expect(loader).toContain("form[data-early-submit]:not([data-hydrated])");
    expect(deferModuleScripts(PAGE)!.html).not.toContain('addEventListener("submit"');
  });

  it("leaves a page without module scripts alone", () => {
    expect(deferModuleScripts("<html><body><p>x</p></body></html>")).toBeNull();
  });
});
