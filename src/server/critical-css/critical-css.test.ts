import { describe, expect, it } from "vitest";
import { classesInHtml, criticalCss, parseSheet } from "./critical-css";
import { onlyWhileInteracting, selectorNeeds } from "./css-selectors";

const SHEET =
  "@layer theme, base, utilities;" +
  '@property --tw-x{syntax:"*";inherits:false}' +
  '@property --tw-y{syntax:"*";inherits:false}' +
  "@layer theme{:root,:host{--font-sans:ui-sans-serif;--default-font:var(--font-sans);--color-gold:#b08d57;--color-ink:#2b2320}}" +
  "@layer base{*,:after{box-sizing:border-box}h1{font-size:2rem;font-family:var(--default-font)}}" +
  "@layer utilities{.flex{display:flex}.hidden{display:none}.md\\:pb-0{@media (width>=48rem){padding-bottom:0}}" +
  ".group:hover .group-hover\\:scale-\\[1\\.03\\]{scale:1.03}.space-y-4{:where(&>:not(:last-child)){margin-top:1rem}}" +
  ".content-\\[\\'\\}\\'\\]{content:'}'}.a:not(.b){color:red}.x,.y{color:blue}.tx{--tw-x:1;color:var(--color-gold)}}" +
  "@media (width>=64rem){.lg\\:grid{display:grid}.lg\\:hidden{display:none}}" +
  "@keyframes spin{to{transform:rotate(360deg)}}";

describe("critical CSS", () => {
  it("keeps the rules a page's classes can match, and every rule without a class", () => {
    const css = criticalCss(
      parseSheet(SHEET),
      classesInHtml('<div class="flex lg:grid"><h1 class="md:pb-0">x</h1></div>'),
    );
    expect(css).toContain(".flex{display:flex}");
    expect(css).toContain(".lg\\:grid{display:grid}");
    expect(css).toContain(".md\\:pb-0{@media (width>=48rem){padding-bottom:0}}");
    expect(css).toContain("h1{font-size:2rem;");
    expect(css).toContain("@layer theme, base, utilities;");
    expect(css).not.toContain("@property");
    expect(css).toContain(":root,:host{--font-sans:ui-sans-serif;--default-font:var(--font-sans)}");
    expect(css).toContain("@keyframes spin");
    expect(css).not.toContain(".hidden");
    expect(css).not.toContain("lg\\:hidden");
    expect(css).not.toContain(".x,.y");
  });

  it("keeps the theme variables and @property rules that kept rules use", () => {
    const css = criticalCss(
      parseSheet(SHEET),
      classesInHtml('<p class="tx" style="color:var(--color-ink)">'),
    );
    expect(css).toContain("@property --tw-x{");
    expect(css).not.toContain("@property --tw-y");
    expect(css).toContain(
      ":root,:host{--font-sans:ui-sans-serif;--default-font:var(--font-sans);--color-gold:#b08d57}",
    );
    const withInline = criticalCss(
      parseSheet(SHEET),
      classesInHtml('<p class="tx" style="color:var(--color-ink)">'),
      '<p style="color:var(--color-ink)">',
    );
    expect(withInline).toContain("--color-ink:#2b2320");
  });

  it("needs every class of a compound selector, one selector of a list, and none inside :not()", () => {
    expect(selectorNeeds(".group:hover .group-hover\\:scale-\\[1\\.03\\]")).toEqual([
      ["group", "group-hover:scale-[1.03]"],
    ]);
    expect(selectorNeeds(".a:not(.b)")).toEqual([["a"]]);
    expect(selectorNeeds(".x,.y")).toEqual([["x"], ["y"]]);
    expect(selectorNeeds("h1")).toEqual([[]]);
    const css = criticalCss(parseSheet(SHEET), classesInHtml('<p class="a y">'));
    expect(css).toContain(".a:not(.b){color:red}");
    expect(css).toContain(".x,.y{color:blue}");
  });

  it("reads braces inside strings and escapes, and class attributes with entities", () => {
    const sheet = parseSheet(SHEET);
    expect(criticalCss(sheet, classesInHtml("<i class=\"content-['}']\"></i>"))).toContain(
      ".content-\\[\\'\\}\\'\\]{content:'}'}",
    );
    expect([...classesInHtml('<a class="[&amp;>svg]:size-4  flex">')]).toEqual([
      "[&>svg]:size-4",
      "flex",
    ]);
  });

  it("leaves out the rules that match only while a person hovers, focuses or presses", () => {
    expect(
      criticalCss(
        parseSheet(SHEET),
        classesInHtml('<b class="group group-hover:scale-[1.03]"></b>'),
      ),
    ).not.toContain("scale:1.03");
    expect(onlyWhileInteracting(".group:hover .group-hover\\:scale-\\[1\\.03\\]")).toBe(true);
    expect(onlyWhileInteracting(".focus-visible\\:outline-2:focus-visible")).toBe(true);
    expect(onlyWhileInteracting(":focus-visible")).toBe(true);
    expect(onlyWhileInteracting(".menu:focus-within,.btn:active")).toBe(true);
    expect(onlyWhileInteracting(".hover\\:underline")).toBe(false); // a class named hover:..., no pseudo-class
    expect(onlyWhileInteracting(".a:hover,.b")).toBe(false);
    expect(onlyWhileInteracting(".a:not(:focus)")).toBe(false);
    expect(onlyWhileInteracting(".a:hover-ish")).toBe(false);
  });

  it("gives the whole sheet back when every class is used, but for the rules of interactions", () => {
    const all = new Set([
      "tx",
      "flex",
      "hidden",
      "md:pb-0",
      "group",
      "group-hover:scale-[1.03]",
      "space-y-4",
      "content-['}']",
      "a",
      "x",
      "y",
      "lg:grid",
      "lg:hidden",
    ]);
    const hover = ".group:hover .group-hover\\:scale-\\[1\\.03\\]{scale:1.03}";
    expect(SHEET).toContain(hover);
    expect(criticalCss(parseSheet(SHEET), all, '<p style="color:var(--color-ink);--tw-y:0">')).toBe(
      SHEET.replace(hover, ""),
    );
  });
});
