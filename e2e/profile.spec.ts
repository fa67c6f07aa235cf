/**
 * My profile end to end (docs/product.md §2 My profile, Address manager; §5 Profile save, Address save; §8):
 * the profile edit with its 'Missing Fields' rule and locked fields while saving, and adding,
 * editing and deleting an address. Each test makes its own account with a profile (freshShopper).
 */
import { expect, test, type BrowserContext, type Page } from "./fixtures";
import { hydrated } from "./hydration";
import { freshShopper, toast, type Profile } from "./shop-helpers";

const PROFILE: Profile = {
  firstName: "Arjun",
  lastName: "Mehta",
  phone: "9876543210",
  gender: "male",
  dateOfBirth: "1990-01-01",
};

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

async function login(
  page: Page,
  who: { email: string; password: string },
  path: string,
): Promise<void> {
  await page.goto(path);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

test.describe("my profile", () => {
  let shopper: { email: string; password: string };
  test.beforeEach(async ({ page, request }) => {
    shopper = await freshShopper(request, PROFILE);
    await login(page, shopper, "/login?redirect=%2Fmy-profile");
    await page.waitForURL((url) => url.pathname === "/my-profile");
    await hydrated(page, page.getByRole("button", { name: "Add Address" }));
  });

  test("edits the profile; email is read-only; blank fields are refused", async ({ page }) => {
    const form = page.getByRole("form", { name: "Profile" });
    await expect(form.getByLabel("Email")).toHaveValue(shopper.email);
    await expect(form.getByLabel("Email")).toHaveAttribute("readonly", "");

    await form.getByLabel("Phone number").fill("");
    await form.getByRole("button", { name: "Save Profile" }).click();
    await expect(toast(page, "Missing Fields")).toBeVisible();
    await expect(
      page.getByText("All fields marked with * are required.", { exact: true }).last(),
    ).toBeVisible();

    const phone = `98${String(Date.now()).slice(-8)}`;
    await form.getByLabel("Phone number").fill(phone);
    // Hold the save: every field, the gender select too, is locked while it runs.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/v2/users/profile", async (route) => {
      if (route.request().method() === "PUT") await held;
      await route.continue();
    });
    await form.getByRole("button", { name: "Save Profile" }).click();
    await expect(form.locator('button[type="submit"]')).toContainText("Saving...");
    await expect(form.locator('button[type="submit"]')).toBeDisabled();
    await expect(form.getByLabel("Gender")).toBeDisabled();
    await expect(form.getByLabel("Phone number")).toHaveAttribute("readonly", "");
    release();
    await expect(toast(page, "Profile updated!")).toBeVisible();
    await expect(form.getByLabel("Gender")).toBeEnabled();
    // The user cookie is written again with the updated user.
    await expect
      .poll(
        async () =>
          JSON.parse(decodeURIComponent((await cookie(page.context(), "user")) ?? "{}")).phone,
      )
      .toBe(phone);
    await page.reload();
    await expect(
      page.getByRole("form", { name: "Profile" }).getByLabel("Phone number"),
    ).toHaveValue(phone);
  });

  test("adds, edits and deletes an address", async ({ page }) => {
    const city = `Jaipur ${Date.now()}`;
    await page.getByRole("button", { name: "Add Address" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Add Address" })).toBeVisible();
    // Prefilled from the user; the email is read-only; India by default.
    await expect(dialog.getByLabel("First name")).toHaveValue(PROFILE.firstName);
    await expect(dialog.getByLabel("Email")).toHaveValue(shopper.email);
    await expect(dialog.getByLabel("Email")).toHaveAttribute("readonly", "");
    await expect(dialog.getByLabel("Country")).toHaveValue("India");

    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Missing Fields")).toBeVisible();
    await expect(page.getByText("All fields are required except Address Line 2.")).toBeVisible();

    await dialog.getByLabel("Type").selectOption("Work");
    await dialog.getByLabel("Address Line 1").fill("12 MI Road");
    await dialog.getByLabel("City").fill(city);
    await dialog.getByLabel("State").selectOption("Rajasthan");
    await dialog.getByLabel("ZIP code").fill("302001");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Address saved!")).toBeVisible();
    await expect(dialog).toBeHidden();
    const card = page.locator("[data-address-id]").filter({ hasText: city });
    await expect(card).toBeVisible();
    await expect(card).toContainText("Work");

    await card.getByRole("button", { name: /^Edit address/ }).click();
    await expect(dialog.getByRole("heading", { name: "Edit Address" })).toBeVisible();
    await dialog.getByLabel("City").fill(`${city} East`);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(
      page.locator("[data-address-id]").filter({ hasText: `${city} East` }),
    ).toBeVisible();

    // Saved on the server: still there after a reload.
    await page.reload();
    const edited = page.locator("[data-address-id]").filter({ hasText: `${city} East` });
    await expect(edited).toBeVisible();
    await hydrated(page, edited);
    await edited.getByRole("button", { name: /^Delete address/ }).click();
    await expect(toast(page, "Address Deleted!")).toBeVisible();
    await expect(page.locator("[data-address-id]").filter({ hasText: city })).toHaveCount(0);
    await page.reload();
    await expect(page.locator("[data-address-id]").filter({ hasText: city })).toHaveCount(0);
  });

  test("Cancel closes the editor without saving", async ({ page }) => {
    await page.getByRole("button", { name: "Add Address" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Address Line 1").fill("Not saved");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator("[data-address-id]").filter({ hasText: "Not saved" })).toHaveCount(0);
  });
});
