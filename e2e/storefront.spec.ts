/**
 * Storefront shell end to end (docs/product.md §2 Home, Navigation, Footer and policy modals, Custom-order
 * inquiry modal, Instructions, /unauthorized; §4; §5 Custom order; §8 Toasts) against the built
 * shop with the demo seed: policy modals (scroll lock, browser Back, Close, Escape), the
 * instructions tabs, the home carousels, the navigation bars, and that content-only pages ship no
 * React. The custom-order inquiry modal: inquiry.spec.ts.
 */
import { expect, test } from "./fixtures";
import { shellReady, userMenuReady } from "./hydration";
import { bodyOverflow, expectNoReact, reactFootprint } from "./storefront-helpers";

test.describe("footer and policy modals", () => {
  test("a policy modal opens, locks scrolling and closes on browser Back", async ({ page }) => {
    // The modals are not in the page's own HTML (decision 0051): they come from /fragments/policies.
    expect(await (await page.request.get("/instructions")).text()).not.toContain(
      'id="policy-shipping"',
    );
    const fragment = await page.request.get("/fragments/policies");
    expect(fragment.headers()["x-robots-tag"]).toBe("noindex");
    expect(await fragment.text()).toContain('id="policy-shipping"');

    await page.goto("/instructions");
    await shellReady(page);
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("button", { name: "Shipping Policy" }).click();
    const dialog = page.getByRole("dialog", { name: "Shipping Policy" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/ship from Delhi|dispatched from Delhi/).first()).toBeVisible();
    expect(await bodyOverflow(page)).toBe("hidden");

    await page.goBack();
    await expect(dialog).toBeHidden();
    expect(await bodyOverflow(page)).toBe("");
    await expect(page).toHaveURL(/\/instructions$/);
  });

  test("Close and Escape close a modal; each footer entry opens its own", async ({ page }) => {
    await page.goto("/");
    await shellReady(page);
    const footer = page.getByRole("contentinfo");
    for (const title of [
      "About Us",
      "Contact Us",
      "Terms & Conditions",
      "Privacy Policy",
      "Shipping Policy",
      "Returns & Refunds",
    ]) {
      await footer.getByRole("button", { name: title }).click();
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Close", exact: true }).click();
      await expect(dialog).toBeHidden();
      expect(await bodyOverflow(page)).toBe("");
    }
    await expect(page).toHaveURL(/\/$/);

    await footer.getByRole("button", { name: "Returns & Refunds" }).click();
    const returns = page.getByRole("dialog", { name: "Returns & Refunds" });
    await expect(returns.getByText(/within 12 hours of delivery/).first()).toBeVisible();
    await expect(returns.getByText(/unboxing video/).first()).toBeVisible();
    await expect(returns.getByText(/all sales are final/i).first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(returns).toBeHidden();

    await expect(footer.getByRole("link", { name: "Instructions" })).toHaveAttribute(
      "href",
      "/instructions",
    );
    await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  });

  test("a footer modal whose text cannot be fetched says so, and the next click tries again", async ({
    page,
  }) => {
    await page.route("**/fragments/policies", (route) => route.abort());
    await page.goto("/instructions");
    await shellReady(page);
    const terms = page.getByRole("contentinfo").getByRole("button", { name: "Terms & Conditions" });
    await terms.click();
    await expect(
      page.getByText("This page could not be opened. Check your connection and try again."),
    ).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Terms & Conditions" })).toHaveCount(0);

    await page.unroute("**/fragments/policies");
    await terms.click();
    await expect(page.getByRole("dialog", { name: "Terms & Conditions" })).toBeVisible();
  });
});

test.describe("instructions", () => {
  test("shows both tabs, Care first, and switches to Varmala Preservation", async ({ page }) => {
    await page.goto("/instructions");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const tabs = page.getByRole("tablist", { name: "Instructions" });
    const care = tabs.getByRole("tab", { name: "Care Instructions" });
    const varmala = tabs.getByRole("tab", { name: "Varmala Preservation" });
    await expect(care).toHaveAttribute("aria-selected", "true");
    await expect(varmala).toHaveAttribute("aria-selected", "false");
    const carePanel = page.getByRole("tabpanel", { name: "Care Instructions" });
    await expect(carePanel.getByRole("heading", { name: "General care" })).toBeVisible();
    for (const heading of ["Small pieces", "Large pieces", "Additional tips"]) {
      await expect(carePanel.getByRole("heading", { name: heading })).toBeVisible();
    }

    await varmala.click();
    await expect(varmala).toHaveAttribute("aria-selected", "true");
    await expect(carePanel).toBeHidden();
    const varmalaPanel = page.getByRole("tabpanel", { name: "Varmala Preservation" });
    for (const heading of [
      "Flower preparation",
      "Packing",
      "Shipping",
      "Processing timeline",
      "Extra notes",
    ]) {
      await expect(varmalaPanel.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    }
    await expect(varmalaPanel.getByText(/1-2 days/).first()).toBeVisible();
    await expect(varmalaPanel.getByText(/7-10 days/).first()).toBeVisible();
    await expect(varmalaPanel.getByText(/minimum of 20 days/).first()).toBeVisible();

    // Keyboard: arrows move between tabs.
    await varmala.press("ArrowLeft");
    await expect(care).toBeFocused();
    await expect(care).toHaveAttribute("aria-selected", "true");
    await expect(carePanel).toBeVisible();
  });

  test("#varmala opens the Varmala Preservation tab", async ({ page }) => {
    await page.goto("/instructions#varmala");
    await expect(page.getByRole("tab", { name: "Varmala Preservation" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });
});

test.describe("content-only pages ship no React", () => {
  for (const path of ["/instructions", "/unauthorized"]) {
    test(`${path} loads no React`, async ({ page }) => {
      const footprint = await reactFootprint(page, path);
      expectNoReact(footprint);
    });
  }

  test("/unauthorized explains the refusal and offers Home", async ({ page }) => {
    const response = await page.goto("/unauthorized");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(/don't have permission/)).toBeVisible();
    await expect(page.getByText(/contact an administrator/)).toBeVisible();
    await expect(page.getByText(/Authorization is enforced by the server/)).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("home and navigation", () => {
  test("renders on the server: hero, collections twice for looping, spotlight arrows scroll 250 px", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByText("Loading your resin experience !")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: /Shop All/ })).toHaveAttribute(
      "href",
      "/products",
    );

    const collections = page.locator("#collections");
    const first = collections.locator("a:not([data-duplicate])").first();
    const href = await first.getAttribute("href");
    expect(href).toMatch(/^\/products\?category=/);
    await expect(collections.locator(`a[href="${href}"]`)).toHaveCount(2);
    await expect(collections.locator("a[data-duplicate]").first()).toHaveAttribute(
      "aria-hidden",
      "true",
    );

    const spotlight = page.getByRole("region", { name: "Spotlight Selections" });
    const cards = spotlight.getByRole("link").filter({ has: page.locator("img") });
    await expect(cards.first()).toHaveAttribute("href", /^\/products\/product\//);
    const row = spotlight.locator("[data-scroller]");
    await row.scrollIntoViewIfNeeded();
    await spotlight.getByRole("button", { name: "Scroll right" }).click();
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBe(250);
    await spotlight.getByRole("button", { name: "Scroll left" }).click();
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBe(0);

    // The collection row pauses under the pointer, so its links can be clicked. The row has been
    // moving since the page opened, so click a card that is inside the row's window now.
    const viewport = collections.locator("[data-viewport]");
    await viewport.hover();
    const inView = await viewport.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return [...el.querySelectorAll("a")].findIndex((a) => {
        const r = a.getBoundingClientRect();
        return r.left >= box.left && r.right <= box.right;
      });
    });
    expect(inView).toBeGreaterThanOrEqual(0);
    await viewport.locator("a").nth(inView).click();
    await expect(page).toHaveURL(/\/products\?category=/);
  });

  test("top bar: links, Login and Signup, a cart button that asks the drawer to open", async ({
    page,
  }) => {
    await page.goto("/instructions");
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "Products" })).toHaveAttribute("href", "/products");
    await expect(main.getByRole("link", { name: "Orders" })).toHaveAttribute("href", "/my-orders");
    await expect(main.getByRole("link", { name: "Instructions" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toHaveAttribute(
      "href",
      "/login",
    );
    await expect(page.getByRole("banner").getByRole("link", { name: "Signup" })).toHaveAttribute(
      "href",
      /^\/join-/,
    );
    await expect(page.getByRole("banner").getByRole("link", { name: "Portal" })).toHaveCount(0);

    const opened = page.evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          window.addEventListener("cart:open", () => resolve(true), { once: true }),
        ),
    );
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Cart, \d+ items?$/ })
      .click();
    expect(await opened).toBe(true);
  });

  test("mobile: bottom bar with Shop, Orders, Cart; Instructions except on home; user menu closes outside and on Escape", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/instructions");
    const bar = page.getByRole("navigation", { name: "Mobile" });
    await expect(bar.getByRole("link", { name: "Shop" })).toHaveAttribute("href", "/products");
    await expect(bar.getByRole("link", { name: "Orders" })).toHaveAttribute("href", "/my-orders");
    await expect(bar.getByRole("button", { name: /^Cart/ })).toBeVisible();
    await expect(bar.getByRole("link", { name: "Instructions" })).toBeVisible();

    // The shell's scripts start after the first frame: a click before then would be lost.
    await userMenuReady(page);
    const account = page.getByRole("button", { name: "Account" });
    await account.click();
    await expect(account).toHaveAttribute("aria-expanded", "true");
    await expect(
      page.locator("#user-menu-panel").getByRole("link", { name: "Login" }),
    ).toBeVisible();
    await page.getByRole("heading", { name: "Caring for your resin art" }).click(); // outside the menu
    await expect(account).toHaveAttribute("aria-expanded", "false");
    await account.click();
    await page.keyboard.press("Escape");
    await expect(page.locator("#user-menu-panel")).toBeHidden();

    await page.goto("/");
    await expect(bar.getByRole("link", { name: "Shop" })).toBeVisible();
    await expect(bar.getByRole("link", { name: "Instructions" })).toHaveCount(0);
  });
});
