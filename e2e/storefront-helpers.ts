/** Shared steps of the storefront specs: toasts by their status role, the scroll lock, React's footprint. */
import { expect, type Page } from "./fixtures";

export function toast(page: Page, title: string) {
  return page.getByRole("status").filter({ hasText: title }).getByText(title, { exact: true });
}

export const bodyOverflow = (page: Page) => page.evaluate(() => document.body.style.overflow);

/** Loads `path` and reports what React left behind: islands, script URLs and script bodies. */
export async function reactFootprint(page: Page, path: string) {
  const scripts: { url: string; body: string }[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push({ url: response.url(), body: await response.text().catch(() => "") });
  });
  const response = await page.goto(path, { waitUntil: "networkidle" });
  const islands = await page.locator("astro-island").count();
  const srcs = await page.evaluate(() => [...document.scripts].map((s) => s.src).filter(Boolean));
  return { status: response?.status(), islands, srcs, scripts };
}

export function expectNoReact(footprint: Awaited<ReturnType<typeof reactFootprint>>) {
  expect(footprint.islands, "astro-island elements").toBe(0);
  expect(
    footprint.srcs.filter((src) => /react/i.test(src)),
    "script src containing 'react'",
  ).toEqual([]);
  const loaded = footprint.scripts.filter(
    (s) =>
      /react/i.test(s.url) ||
      s.body.includes("react.transitional.element") ||
      s.body.includes("__REACT_DEVTOOLS_GLOBAL_HOOK__"),
  );
  expect(
    loaded.map((s) => s.url),
    "scripts carrying React",
  ).toEqual([]);
}
