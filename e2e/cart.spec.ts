/**
 * The cart end to end (docs/product.md §2 Cart drawer, §4 Cart): a guest adds two variants of a product (one
 * with a note), reloads, signs in to an account whose cart already has a line, sees
 * 'Merge Your Cart?', and each answer leaves the right lines and count.
 *
 * Runs against the demo seed (e2e/serve.ts). Products are picked through the public catalogue API
 * so the test follows the seed: the guest product is the first with a variant group of two or more
 * options, the account product is another active product. Each test makes its own account in the
 * Auth Emulator (freshShopper), so no test depends on another's leftovers.
 */
import { expect, test, watchCsp, type Browser, type Locator, type Page } from "./fixtures";
import type { Product, Variant } from "../src/features/catalogue/catalogue";
import { CART_TEXTS } from "../src/features/cart/cart";
import { formatInr } from "../src/lib/money";
import { answerToPaise } from "../src/lib/wire-money";
import { hydrated, shellReady } from "./hydration";
import { freshShopper, signIn } from "./shop-helpers";

type Shopper = Awaited<ReturnType<typeof freshShopper>>;
const NOTE = "Names: Asha & Ravi, 12.02.2025";

interface Picked {
  guest: Product;
  group: string;
  first: Variant;
  second: Variant;
  account: Product;
}

function groupsOf(product: Product): Map<string, Variant[]> {
  const groups = new Map<string, Variant[]>();
  for (const v of product.variants) groups.set(v.name, [...(groups.get(v.name) ?? []), v]);
  return groups;
}

async function pickProducts(page: Page): Promise<Picked> {
  const response = await page.request.get("/v2/products?limit=0&offset=0&status=active");
  expect(response.ok()).toBe(true);
  const products = answerToPaise<Product[]>(await response.json());
  for (const guest of products) {
    const entry = [...groupsOf(guest)].find(([, options]) => options.length >= 2);
    if (!entry) continue;
    const account = products.find((p) => p.id !== guest.id);
    if (!account) break;
    return { guest, group: entry[0], first: entry[1][0]!, second: entry[1][1]!, account };
  }
  throw new Error(
    "The demo seed needs a product with a variant group of two options, and another product.",
  );
}

const productUrl = (product: Product) => `/products/product/${encodeURIComponent(product.id)}`;

/** Opens a product page and waits for its island, so no click or keystroke is lost. */
async function openProduct(page: Page, product: Product): Promise<void> {
  await page.goto(productUrl(product));
  await hydrated(page, page.getByRole("button", { name: "Add to cart" }));
}

/** The picker's radio reads the value, plus "(+₹…)" when the option costs extra. */
function optionName(option: Variant): string {
  return option.price > 0 ? `${option.value} (+${formatInr(option.price)})` : option.value;
}

async function choose(page: Page, group: string, option: Variant): Promise<void> {
  const radio = page
    .getByRole("radiogroup", { name: group })
    .getByRole("radio", { name: optionName(option), exact: true });
  await radio.click();
  await expect(radio).toHaveAttribute("aria-checked", "true");
}

async function addToCart(page: Page): Promise<void> {
  const button = page.getByRole("button", { name: "Add to cart" });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByText("Cart Updated!").last()).toBeVisible();
}

function cartButton(page: Page, count?: number): Locator {
  const name =
    count === undefined
      ? /^Cart, \d+ items?$/
      : count === 1
        ? "Cart, 1 item"
        : `Cart, ${count} items`;
  return page.getByRole("button", { name, exact: true }).first();
}

function drawer(page: Page): Locator {
  return page.getByRole("dialog", { name: "Your Cart" });
}

function lines(page: Page): Locator {
  return drawer(page).getByRole("list", { name: "Cart items" }).getByRole("listitem");
}

async function openCart(page: Page): Promise<Locator> {
  await shellReady(page);
  await cartButton(page).click();
  const panel = drawer(page);
  await expect(panel).toBeVisible();
  await expect(panel.getByText("Loading your cart...")).toHaveCount(0);
  return panel;
}

async function closeCart(page: Page): Promise<void> {
  await page.keyboard.press("Escape");
  await expect(drawer(page)).toBeHidden();
}

async function signInHome(page: Page, shopper: Shopper): Promise<void> {
  await signIn(page, shopper);
  await page.waitForURL((url) => url.pathname === "/");
}

/** The new shopper's account cart holds exactly one `account` product, added through the UI. */
async function prepareAccountCart(
  browser: Browser,
  picked: Picked,
  shopper: Shopper,
): Promise<void> {
  const context = await browser.newContext();
  const csp = watchCsp(context);
  const page = await context.newPage();
  await signInHome(page, shopper);
  const panel = await openCart(page);
  await expect(panel.getByText(CART_TEXTS.empty)).toBeVisible();
  await closeCart(page);
  await openProduct(page, picked.account);
  await addToCart(page);
  await expect(cartButton(page, 1)).toBeVisible();
  await context.close();
  expect(csp, "Content-Security-Policy violations").toEqual([]);
}

/** As a guest: the first option with a note, then the second option twice; then a reload. */
async function fillGuestCart(page: Page, picked: Picked): Promise<void> {
  await openProduct(page, picked.guest);
  await choose(page, picked.group, picked.first);
  await page.getByLabel("Note (optional)").fill(NOTE);
  await addToCart(page);

  await choose(page, picked.group, picked.second);
  await page.getByLabel("Note (optional)").fill("");
  await page.getByLabel("Quantity", { exact: true }).fill("2");
  await addToCart(page);
  await expect(cartButton(page, 3)).toBeVisible();

  await page.reload();
  await expect(cartButton(page, 3)).toBeVisible();
  const panel = await openCart(page);
  await expect(lines(page)).toHaveCount(2);
  const withNote = lines(page).filter({ hasText: picked.first.value });
  await expect(withNote).toContainText("Qty: 1");
  await expect(lines(page).filter({ hasText: picked.second.value })).toContainText("Qty: 2");
  const noteButton = withNote.getByRole("button", { name: `Note for ${picked.guest.name}` });
  await noteButton.click();
  await expect(panel.getByRole("tooltip")).toHaveText(NOTE);
  await noteButton.click();
  await expect(panel.getByRole("tooltip")).toHaveCount(0);
  await closeCart(page);
  await expect(cartButton(page)).toBeFocused();
}

async function expectMergePrompt(page: Page): Promise<Locator> {
  const prompt = page.getByRole("alertdialog", { name: CART_TEXTS.mergeTitle });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(CART_TEXTS.mergeBody);
  await expect(prompt.getByRole("button", { name: CART_TEXTS.keepAccount })).toBeVisible();
  await expect(prompt.getByRole("button", { name: CART_TEXTS.mergeCarts })).toBeVisible();
  return prompt;
}

/**
 * The account cart holds one line and the guest cart three (two lines); signing in brings up the
 * merge prompt. Two sign-ins, three product pages and two reloads: more than the default test
 * budget on a busy machine, hence test.slow().
 */
async function reachMergePrompt(
  browser: Browser,
  page: Page,
): Promise<{ picked: Picked; prompt: Locator }> {
  test.slow();
  const picked = await pickProducts(page);
  const shopper = await freshShopper(page.request);
  await prepareAccountCart(browser, picked, shopper);
  await fillGuestCart(page, picked);
  await signInHome(page, shopper);
  return { picked, prompt: await expectMergePrompt(page) };
}

test.describe("cart", () => {
  test("a guest's lines and note survive a reload, and 'Merge Carts' sums them into the account cart", async ({
    browser,
    page,
  }) => {
    const { picked, prompt } = await reachMergePrompt(browser, page);
    await prompt.getByRole("button", { name: CART_TEXTS.mergeCarts }).click();
    await expect(prompt).toBeHidden();

    await expect(cartButton(page, 4)).toBeVisible();
    await openCart(page);
    await expect(lines(page)).toHaveCount(3);
    await expect(lines(page).filter({ hasText: picked.account.name })).toContainText("Qty: 1");
    await expect(lines(page).filter({ hasText: picked.first.value })).toContainText("Qty: 1");
    await expect(lines(page).filter({ hasText: picked.second.value })).toContainText("Qty: 2");
    await expect(drawer(page).getByRole("link", { name: "Checkout" })).toHaveAttribute(
      "href",
      "/checkout",
    );
    await closeCart(page);

    // The guest cart is gone and the account cart stays after a reload: no second prompt.
    await page.reload();
    await expect(cartButton(page, 4)).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  });

  test("'Keep Account Cart' discards the guest cart", async ({ browser, page }) => {
    const { picked, prompt } = await reachMergePrompt(browser, page);
    await prompt.getByRole("button", { name: CART_TEXTS.keepAccount }).click();
    await expect(prompt).toBeHidden();

    await expect(cartButton(page, 1)).toBeVisible();
    await openCart(page);
    await expect(lines(page)).toHaveCount(1);
    await expect(lines(page).first()).toContainText(picked.account.name);
    await closeCart(page);

    await page.reload();
    await expect(cartButton(page, 1)).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("cart"))).toBeNull();
  });

  test("the drawer removes a line and clears the cart, with the spec's toasts", async ({
    page,
  }) => {
    const picked = await pickProducts(page);
    await openProduct(page, picked.guest);
    await choose(page, picked.group, picked.first);
    await addToCart(page);
    await choose(page, picked.group, picked.second);
    await addToCart(page);

    const panel = await openCart(page);
    await expect(panel.getByRole("button", { name: "Close cart" })).toBeFocused();
    await lines(page)
      .filter({ hasText: picked.first.value })
      .getByRole("button", { name: `Remove ${picked.guest.name}` })
      .click();
    await expect(page.getByText("Successfully Removed from cart")).toBeVisible();
    await expect(lines(page)).toHaveCount(1);

    await panel.getByRole("button", { name: "Clear cart" }).click();
    await expect(page.getByText("Ready for new picks!")).toBeVisible();
    await expect(panel.getByText(CART_TEXTS.empty)).toBeVisible();
    await closeCart(page);
    await expect(cartButton(page, 0)).toBeVisible();
  });
});

test.describe("cart drawer layout", () => {
  /** True when box `a` and box `b` overlap. */
  const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  test("mobile 390 x 844: a line's note opens readable inside the list, not clipped", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const picked = await pickProducts(page);
    // Enough lines to make the list scroll, the noted one last (at the bottom of the sheet).
    await openProduct(page, picked.account);
    await addToCart(page);
    await openProduct(page, picked.guest);
    await choose(page, picked.group, picked.second);
    await addToCart(page);
    await choose(page, picked.group, picked.first);
    const longNote = `${NOTE} — please write both names in gold, with the wedding date underneath in small letters.`;
    await page.getByLabel("Note (optional)").fill(longNote);
    await addToCart(page);

    const panel = await openCart(page);
    const noted = lines(page).filter({ hasText: picked.first.value });
    await noted.getByRole("button", { name: `Note for ${picked.guest.name}` }).click();
    const note = panel.getByRole("tooltip");
    await expect(note).toHaveText(longNote);
    await expect(note).toBeInViewport({ ratio: 1 });
    // Wholly inside the scrolling list's visible box: nothing of it is cut off.
    const list = await panel
      .getByRole("list", { name: "Cart items" })
      .locator("xpath=..")
      .boundingBox();
    const box = await note.boundingBox();
    expect(box!.height).toBeGreaterThan(30);
    expect(box!.y).toBeGreaterThanOrEqual(list!.y - 1);
    expect(box!.y + box!.height).toBeLessThanOrEqual(list!.y + list!.height + 1);
  });

  test("desktop: a toast shown while the drawer is open sits in the bottom-left corner and never covers the drawer", async ({
    page,
  }) => {
    const picked = await pickProducts(page);
    await openProduct(page, picked.guest);
    await choose(page, picked.group, picked.first);
    await addToCart(page);
    await choose(page, picked.group, picked.second);
    await addToCart(page);
    const panel = await openCart(page);
    await lines(page)
      .filter({ hasText: picked.first.value })
      .getByRole("button", { name: `Remove ${picked.guest.name}` })
      .click();
    const toast = page.getByText("Successfully Removed from cart");
    await expect(toast).toBeVisible();

    const viewport = page.viewportSize()!;
    const toastBox = (await page.locator("#toaster > div").last().boundingBox())!;
    // Beside a modal, away from its title and buttons (docs/decisions/0077-first-paint-forms.md).
    expect(toastBox.x).toBeLessThan(40);
    expect(toastBox.y + toastBox.height).toBeGreaterThan(viewport.height - 200);
    expect(overlap(toastBox, (await panel.boundingBox())!), "the toast covers the drawer").toBe(
      false,
    );
    for (const name of ["Clear cart", "Close cart"]) {
      const button = (await panel.getByRole("button", { name }).boundingBox())!;
      expect(overlap(toastBox, button), `the toast covers ${name}`).toBe(false);
    }
    // The first click on Clear cart lands, while the toast is still up.
    await panel.getByRole("button", { name: "Clear cart" }).click();
    await expect(page.getByText("Ready for new picks!")).toBeVisible();
    await expect(panel.getByText(CART_TEXTS.empty)).toBeVisible();
  });
});
