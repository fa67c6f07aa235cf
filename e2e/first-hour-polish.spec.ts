/**
 * A shopper's first hour, the small things (docs/decisions/0199-first-hour-polish.md): the
 * collection pills on a phone, and in the portal the categories by name, the chart's edge labels
 * and the manual zones' column headers.
 */
import { expect, test } from "./fixtures";
import { ownerPage } from "./portal-helpers";

test("the collection pills all fit a 390 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/products");
  const pills = page.getByRole("navigation", { name: "Collections" }).getByRole("link");
  expect(await pills.count()).toBeGreaterThan(3);
  for (const pill of await pills.all()) {
    const box = (await pill.boundingBox())!;
    const name = (await pill.textContent()) ?? "";
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(390);
  }
});

test("the portal names categories, keeps chart labels inside and heads the zones", async ({
  browser,
}) => {
  const owner = await ownerPage(browser);
  await owner.goto("/admin/categories");
  const tile = owner.locator('[data-category="varmala-preservation"]');
  await expect(tile.locator("p").first()).toHaveText("Varmala Preservation");

  await owner.goto("/admin/reports?period=this-fy");
  const chart = owner.locator("[data-sales-chart] svg");
  await expect(chart).toBeVisible();
  const outside = await chart.evaluate((svg) => {
    const width = (svg as SVGSVGElement).viewBox.baseVal.width;
    return [...svg.querySelectorAll("text")]
      .map((t) => ({ text: t.textContent, box: t.getBBox() }))
      .filter(({ box }) => box.x < 0 || box.x + box.width > width)
      .map(({ text }) => text);
  });
  expect(outside).toEqual([]);

  await owner.goto("/admin/settings");
  const headers = owner.locator("[data-zone-headers]");
  await expect(headers).toContainText("Zone name");
  await expect(headers).toContainText("PIN prefixes");
  await expect(headers).toContainText("Days");
  await owner.context().close();
});
