/**
 * Toasts never cover a control or a dialog's title (docs/decisions/0077-first-paint-forms.md): on a
 * phone after add to cart (the top bar's cart and account menu, the bottom bar), on a laptop after
 * the owner logs in (Instructions, the portal link), and stacked over the portal's Edit Image modal.
 */
import { createHash } from "node:crypto";
import { expect, test, type Locator, type Page } from "./fixtures";
import { addProduct, freshShopper, signIn, someProducts } from "./shop-helpers";
import { OWNER } from "./portal-helpers";

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Fails when any shown toast overlaps any of the visible `controls`. */
async function expectClear(page: Page, controls: Locator): Promise<void> {
  const toasts = await page.locator("#toaster > div").all();
  expect(toasts.length).toBeGreaterThan(0);
  const boxes = (await Promise.all(toasts.map((t) => t.boundingBox()))).filter(Boolean) as Box[];
  let checked = 0;
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    const box = (await control.boundingBox())!;
    checked++;
    const name = (await control.getAttribute("aria-label")) ?? (await control.textContent());
    for (const toastBox of boxes)
      expect(overlap(toastBox, box), `a toast covers "${name}"`).toBe(false);
  }
  expect(checked).toBeGreaterThan(0);
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the add-to-cart toast leaves the top bar and the bottom bar free", async ({
    page,
    request,
  }) => {
    await signIn(page, await freshShopper(request));
    await page.waitForURL((url) => url.pathname === "/");
    const [product] = await someProducts(page, 1);
    await addProduct(page, product!);
    await expectClear(page, page.locator("header a, header button, nav a, nav button"));
    // The controls under it still take a tap.
    await page
      .locator("header")
      .getByRole("button", { name: /^Cart, \d+ items?$/ })
      .first()
      .tap();
    await expect(page.getByRole("dialog", { name: /cart/i })).toBeVisible();
  });
});

test.describe("on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the login toast leaves Instructions and the portal link free", async ({ page }) => {
    await signIn(page, OWNER);
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.locator("#toaster").getByText("Logged in! Welcome back!")).toBeVisible();
    const header = page.locator("header");
    await expect(header.getByRole("link", { name: "Instructions" })).toBeVisible();
    await expectClear(page, header.locator("a, button"));
  });

  test("stacked toasts over the Edit Image modal leave its title and close button free", async ({
    page,
  }) => {
    await signIn(page, OWNER);
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/admin/categories");
    await page
      .locator('[data-category="coasters"]')
      .getByRole("button", { name: "Edit Image" })
      .click();
    const dialog = page.getByRole("dialog", { name: "Edit Image" });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 3; i++)
      await dialog.getByRole("button", { name: "Confirm Upload" }).click();
    await expect(page.locator("#toaster > div")).toHaveCount(3);
    await expectClear(page, dialog.locator("h2, button"));
  });
});

/**
 * A toast flashed by the previous page (the sign-up's "Success!") waits only for the toaster's own
 * script, not for the account scripts (docs/decisions/0328-flash-toasts-first.md): here the session
 * store's script is held for good, and the toast still shows, in the live region, and still closes.
 */
test("a flashed toast shows without waiting for the account scripts", async ({ page }) => {
  await page.goto("/instructions");
  await page.evaluate(() =>
    sessionStorage.setItem(
      "flashToasts",
      JSON.stringify([{ type: "success", title: "Success!", message: "Welcome!", at: Date.now() }]),
    ),
  );
  await page.route(/\/_astro\/session-store\.[^/]*\.js$/, () => new Promise<void>(() => {}));
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const shown = page.getByRole("status").getByText("Success!", { exact: true });
  await expect(shown).toBeVisible();
  await shown.click();
  await expect(shown).toBeHidden();
});

/** What flashToast (src/components/ui/flash-toasts.ts) leaves for the next page, written by hand. */
async function flashFor(page: Page, toasts: { type: string; title: string; message?: string }[]) {
  await page.goto("/instructions");
  // After this page's own toaster has run (it would show and clear them here).
  await expect(page.locator("html")).toHaveAttribute("data-shell", "ready");
  await page.evaluate(
    (list) =>
      sessionStorage.setItem(
        "flashToasts",
        JSON.stringify(list.map((t) => ({ ...t, at: Date.now() }))),
      ),
    toasts,
  );
}

/**
 * Flashed toasts are on screen at the next page's first paint
 * (docs/decisions/0333-flash-toasts-at-first-paint.md): every module script (the toaster's, the
 * shell's, the islands') and the stylesheet are held, and the toaster's inline script has painted
 * them all the same, in place (the critical CSS has the toaster's and the toast's rules),
 * under the page's CSP (its hash is in script-src; the fixture fails the test on a violation). Once
 * the scripts run, the queue adopts them: each shown once, in the live region, closed by a click
 * or by itself.
 */
test("flashed toasts are painted before any module script runs, then the queue adopts them", async ({
  page,
}) => {
  await flashFor(page, [
    { type: "success", title: "Success!", message: "Welcome!" },
    { type: "info", title: "Added <b>Coaster</b>" },
  ]);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The stylesheet too: the page's critical CSS alone places and styles them.
  await page.route(/\/_astro\/[^?]*\.(js|css)(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  const answer = (await page.goto("/", { waitUntil: "domcontentloaded" }))!;
  const status = page.getByRole("status");
  const success = status.getByText("Success!", { exact: true });
  await expect(success).toBeVisible();
  await expect(status.getByText("Welcome!", { exact: true })).toBeVisible();
  // The title is text, not markup.
  await expect(status.getByText("Added <b>Coaster</b>", { exact: true })).toBeVisible();
  expect(await page.locator("html").getAttribute("data-shell")).toBeNull(); // nothing ran yet
  expect(await page.locator("#toaster").evaluate((e) => getComputedStyle(e).position)).toBe(
    "fixed",
  );
  await expectClear(page, page.locator("header a, header button"));
  const painter =
    /<template id="toast-template"[\s\S]*?<\/template>\s*<script>([\s\S]*?)<\/script>/.exec(
      await answer.text(),
    );
  const hash = createHash("sha256").update(painter![1]!).digest("base64");
  expect(answer.headers()["content-security-policy"]).toMatch(
    new RegExp(`script-src [^;]*'sha256-${hash.replace(/[+/]/g, "\\$&")}'`),
  );

  release();
  await expect(page.locator("html")).toHaveAttribute("data-shell", "ready");
  await expect(page.locator("#toaster [data-flash]")).toHaveCount(0); // adopted
  await expect(page.locator("#toaster > div")).toHaveCount(2); // each once
  expect(await page.evaluate(() => sessionStorage.getItem("flashToasts"))).toBeNull();
  await success.click();
  await expect(success).toBeHidden();
  // The other one closes by itself, 5 s after it was painted (the queue's timer took it over).
  const added = status.getByText("Added <b>Coaster</b>", { exact: true });
  await expect(added).toBeVisible();
  await expect(added).toBeHidden({ timeout: 8_000 });
});
