/**
 * The cart specs' steps (e2e/cart.spec.ts): products picked from the public catalogue API (the
 * guest product is the first with a variant group of two or more options, the account product
 * another active one), the product page's choices and Add to cart, the drawer and its lines, an
 * account cart prepared in another browser context, a guest cart filled with a note, and the merge
 * prompt reached after signing in.
 */
import { expect, test, watchCsp, type Browser, type Locator, type Page } from "./fixtures";
import type { Product, Variant } from "~/features/catalogue/catalogue";
import { CART_TEXTS } from "~/features/cart/cart";
import { formatInr } from "~/lib/money";
import { answerToPaise } from "~/lib/wire-money";
import { hydrated, shellReady } from "./hydration";
import { freshShopper, signIn } from "./shop-helpers";

type Shopper = Awaited<ReturnType<typeof freshShopper>>;
export const NOTE = "Names: Asha & Ravi, 12.02.2025";

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

export async function pickProducts(page: Page): Promise<Picked> {
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
export async function openProduct(page: Page, product: Product): Promise<void> {
  await page.goto(productUrl(product));
  await hydrated(page, page.getByRole("button", { name: "Add to cart" }));
}

/** The picker's radio reads the value, plus "(+₹…)" when the option costs extra. */
function optionName(option: Variant): string {
  return option.price > 0 ? `${option.value} (+${formatInr(option.price)})` : option.value;
}

export async function choose(page: Page, group: string, option: Variant): Promise<void> {
  const radio = page
    .getByRole("radiogroup", { name: group })
    .getByRole("radio", { name: optionName(option), exact: true });
  await radio.click();
  await expect(radio).toHaveAttribute("aria-checked", "true");
}

export async function addToCart(page: Page): Promise<void> {
  const button = page.getByRole("button", { name: "Add to cart" });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByText("Cart Updated!").last()).toBeVisible();
}

export function cartButton(page: Page, count?: number): Locator {
  const name =
    count === undefined
      ? /^Cart, \d+ items?$/
      : count === 1
        ? "Cart, 1 item"
        : `Cart, ${count} items`;
  return page.getByRole("button", { name, exact: true }).first();
}

export function drawer(page: Page): Locator {
  return page.getByRole("dialog", { name: "Your Cart" });
}

export function lines(page: Page): Locator {
  return drawer(page).getByRole("list", { name: "Cart items" }).getByRole("listitem");
}

export async function openCart(page: Page): Promise<Locator> {
  await shellReady(page);
  await cartButton(page).click();
  const panel = drawer(page);
  await expect(panel).toBeVisible();
  await expect(panel.getByText("Loading your cart...")).toHaveCount(0);
  return panel;
}

export async function closeCart(page: Page): Promise<void> {
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
export async function reachMergePrompt(
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
