/**
 * Homepage Categories end to end (docs/product.md §2 Admin categories, §4 Category show, §5; decision 0038):
 * the owner adds a category (title-cased name, derived slug), shows it on the site and then hides
 * it again: a hidden category leaves the home carousel and the product list's collection chips.
 * The Edit Image modal refuses a wrong file type and a confirm without a file, and saves an upload.
 */
import { plainPng } from "./photo-helpers";
import { expect, test, type Page } from "./fixtures";
import { signIn, toast } from "./shop-helpers";
import { OWNER } from "./portal-helpers";

async function openCategories(page: Page): Promise<void> {
  await page.goto("/admin/categories");
  await expect(page.getByRole("heading", { name: "Homepage Categories" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Categories" })).toBeVisible();
}

const card = (page: Page, slug: string) => page.locator(`[data-category="${slug}"]`);
const carouselLinks = (page: Page, slug: string) =>
  page.locator(`#collections a[href="/products?category=${slug}"]`);
const chip = (page: Page, label: string) =>
  page
    .getByRole("navigation", { name: "Collections" })
    .getByRole("link", { name: label, exact: true });

test("the owner adds a category, shows it on the site, then hides it: it leaves the home carousel and the chips", async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-8); // digits: title-casing leaves them as they are
  const name = `E2e Sunset Trays ${stamp}`;
  const slug = `e2e-sunset-trays-${stamp}`;

  await signIn(page, OWNER);
  await page.waitForURL((url) => url.pathname === "/");
  await openCategories(page);
  const total = Number(await page.getByTestId("summary-total").locator("p").nth(1).textContent());
  const onHome = Number(
    await page.getByTestId("summary-on-home").locator("p").nth(1).textContent(),
  );

  // Added with a lowercase name: title-cased, the slug derived and read-only; hidden at first.
  await page.getByLabel("Category name", { exact: true }).fill(`e2e sunset  TRAYS ${stamp}`);
  await expect(page.getByLabel("Slug", { exact: true })).toHaveValue(slug);
  await expect(page.getByLabel("Slug", { exact: true })).toHaveAttribute("readonly", "");
  await page.getByRole("button", { name: "Add Category" }).click();
  await expect(card(page, slug)).toBeVisible();
  const toggle = card(page, slug).getByRole("switch", { name: "Show on Site" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(page.getByTestId("summary-total")).toContainText(String(total + 1));

  // Search by name or slug narrows the grid.
  await page.getByPlaceholder("Search by name or slug...").fill(`SUNSET TRAYS ${stamp}`);
  await expect(page.getByRole("list", { name: "Categories" }).getByRole("listitem")).toHaveCount(1);
  await page.getByPlaceholder("Search by name or slug...").fill("");

  // The new category is empty: showing it asks first (decision 0076); the owner says yes.
  await expect(card(page, slug).getByText("No products yet")).toBeVisible();
  page.once("dialog", (dialog) => void dialog.accept());
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("summary-on-home")).toContainText(String(onHome + 1));

  await page.goto("/");
  await expect(carouselLinks(page, slug)).toHaveCount(2); // each card twice, for the loop
  await page.goto("/products");
  await expect(chip(page, name)).toHaveCount(1);

  await openCategories(page);
  const again = card(page, slug).getByRole("switch", { name: "Show on Site" });
  await expect(again).toHaveAttribute("aria-checked", "true");
  await again.click();
  await expect(again).toHaveAttribute("aria-checked", "false");

  await page.goto("/");
  await expect(page.locator("#collections a").first()).toBeAttached();
  await expect(carouselLinks(page, slug)).toHaveCount(0);
  await page.goto("/products");
  await expect(page.getByRole("navigation", { name: "Collections" })).toBeVisible();
  await expect(chip(page, name)).toHaveCount(0);

  // The same name again is refused: its slug is taken.
  await openCategories(page);
  await page.getByLabel("Category name", { exact: true }).fill(name.toLowerCase());
  await page.getByRole("button", { name: "Add Category" }).click();
  await expect(toast(page, "Error")).toBeVisible();
  await expect(page.locator("#toaster")).toContainText(
    `A category with the slug "${slug}" already exists.`,
  );
});

test("Edit Image refuses a wrong file type and a confirm without a file, then uploads a picture for the category", async ({
  page,
}) => {
  await signIn(page, OWNER);
  await page.waitForURL((url) => url.pathname === "/");
  await openCategories(page);
  // Coasters: a seeded category hidden from the site, so no other spec sees its picture change.
  await card(page, "coasters").getByRole("button", { name: "Edit Image" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Image" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("edit-image-slug")).toHaveText("coasters");

  await dialog.getByRole("button", { name: "Confirm Upload" }).click();
  await expect(toast(page, "Please select a file and a category")).toBeVisible();

  const picker = dialog.getByLabel("Choose an image");
  await picker.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not an image"),
  });
  await expect(toast(page, "Only PNG, JPEG, and WebP files are allowed")).toBeVisible();
  await expect(picker).toHaveValue("");

  const png = await plainPng(320, 200, "#2a7f8f");
  await picker.setInputFiles({ name: "coasters.png", mimeType: "image/png", buffer: png });
  await expect(dialog.getByAltText("Preview of the chosen image")).toBeVisible();
  await dialog.getByRole("button", { name: "Confirm Upload" }).click();
  await expect(toast(page, "Image Uploaded")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card(page, "coasters").locator("img").first()).toHaveAttribute(
    "src",
    /^\/media\/[a-f0-9]{32}\/320\.png$/,
  );

  // Reopened, the picker is empty again; the close button closes it.
  await card(page, "coasters").getByRole("button", { name: "Edit Image" }).click();
  await expect(dialog.getByAltText("Preview of the chosen image")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

// The id is the name (docs/product.md §3), so it may hold '&', '=' or '/': the portal encodes it and the
// server reads it as decoded text (docs/decisions/0038-admin-categories.md).
test("a category named with '&', '=' or '/' can be shown on the site and given an image", async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-8);
  const png = await plainPng(320, 200, "#8f2a7f");
  await signIn(page, OWNER);
  await page.waitForURL((url) => url.pathname === "/");
  await openCategories(page);
  for (const [typed, slug] of [
    [`e2e frames & tags ${stamp}`, `e2e-frames-tags-${stamp}`],
    [`e2e size=large/small ${stamp}`, `e2e-size-large-small-${stamp}`],
  ] as const) {
    await page.getByLabel("Category name", { exact: true }).fill(typed);
    await page.getByRole("button", { name: "Add Category" }).click();
    await expect(card(page, slug)).toBeVisible();

    const toggle = card(page, slug).getByRole("switch", { name: "Show on Site" });
    // A new category has no products: showing it asks first (docs/decisions/0076-order-pages.md).
    page.once("dialog", (confirm) => void confirm.accept());
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");

    await card(page, slug).getByRole("button", { name: "Edit Image" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Image" });
    await dialog.getByLabel("Choose an image").setInputFiles({
      name: "tags.png",
      mimeType: "image/png",
      buffer: png,
    });
    await dialog.getByRole("button", { name: "Confirm Upload" }).click();
    await expect(toast(page, "Image Uploaded")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card(page, slug).locator("img").first()).toHaveAttribute(
      "src",
      /^\/media\/[a-f0-9]{32}\/320\.png$/,
    );

    // Reloaded from the server, both changes are there; hidden again so no other spec sees it.
    await openCategories(page);
    const saved = card(page, slug).getByRole("switch", { name: "Show on Site" });
    await expect(saved).toHaveAttribute("aria-checked", "true");
    await saved.click();
    await expect(saved).toHaveAttribute("aria-checked", "false");
  }
});
