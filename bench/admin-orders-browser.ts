/**
 * The browser half of bench/admin-orders.ts: the owner signs in in Chromium
 * (playwright-core; the system's or Playwright's own, e2e/chromium.ts) and opens /admin, then the figures of
 * docs/decisions/0053-admin-lists-on-the-server.md: navigation -> first rows painted, a status card
 * or the next page -> the new rows shown, and the JavaScript heap of the tab after a collection.
 */
import type { Page } from "playwright-core";

export interface BrowserFigures {
  firstRows: number[];
  changes: number[];
  heapMiB: number;
}

/** Runs in the page: clicks `selector`, answers the ms until the new rows are shown. */
const TIME_CHANGE = `async (selector) => {
  const results = () => document.querySelector("[data-orders-results]");
  const firstRow = () => document.querySelector("[data-order-row]")?.getAttribute("data-order-row");
  const before = firstRow() + "|" + results()?.getAttribute("data-orders-results");
  const t0 = performance.now();
  document.querySelector(selector).click();
  for (;;) {
    await new Promise((r) => requestAnimationFrame(r));
    const el = results();
    const now = firstRow() + "|" + el?.getAttribute("data-orders-results");
    if (el && el.getAttribute("aria-busy") === "false" && now !== before)
      return performance.now() - t0;
    if (performance.now() - t0 > 30000) throw new Error("no change within 30 s: " + selector);
  }
}`;

/**
 * Installed before every document's own scripts (an init script is not held by the page's CSP):
 * notes the time, from the navigation's start, of the first frame in which an order row is
 * visible, whether the server's HTML or the portal drew it.
 */
const NOTE_FIRST_ROWS = `(() => {
  const look = () => {
    const row = document.querySelector("[data-order-row]");
    if (row && row.checkVisibility()) window.__firstRowsAt = performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})()`;

const timeChange = (page: Page, selector: string) =>
  page.evaluate(`(${TIME_CHANGE})(${JSON.stringify(selector)})`) as Promise<number>;

export async function browserFigures(
  base: string,
  owner: { email: string; password: string },
): Promise<BrowserFigures> {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: (await import("../e2e/chromium")).chromiumPath(),
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${base}/login`);
    const login = page.getByRole("button", { name: "Login", exact: true });
    await page
      .locator("astro-island:not([ssr])")
      .filter({ has: login })
      .first()
      .waitFor({ state: "attached" });
    await page.getByLabel("Email", { exact: true }).fill(owner.email);
    await page.getByLabel("Password", { exact: true }).fill(owner.password);
    await login.click();
    await page.waitForURL((url) => url.pathname !== "/login", { timeout: 30_000 });

    // The navigation's start to the first frame with a row in it, read in the page: page.goto
    // itself waits for the load event, which comes after the first rows (decision 0153).
    await page.addInitScript(NOTE_FIRST_ROWS);
    const firstRows: number[] = [];
    for (let i = 0; i < 10; i++) {
      await page.goto(`${base}/admin`);
      await page.locator("[data-order-row]").first().waitFor({ timeout: 60_000 });
      await page.waitForFunction("window.__firstRowsAt !== undefined");
      firstRows.push((await page.evaluate("window.__firstRowsAt")) as number);
    }
    await page.locator("[data-orders-results]:not([data-orders-results=''])").waitFor();
    const changes: number[] = [];
    const nextPage = "nav[aria-label='Pages of orders'] button:last-of-type";
    for (const status of ["processing", "shipped", "delivered", "cancelled", "pending"]) {
      changes.push(await timeChange(page, `[data-count=${status}]`));
      changes.push(await timeChange(page, nextPage));
      changes.push(await timeChange(page, nextPage));
    }
    changes.push(await timeChange(page, "[data-count=all]"));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("HeapProfiler.collectGarbage");
    const heap = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };
    return { firstRows, changes, heapMiB: heap.usedSize / 1024 / 1024 };
  } finally {
    await browser.close();
  }
}
