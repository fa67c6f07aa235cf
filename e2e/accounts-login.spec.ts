/**
 * Logging in and out end to end (docs/product.md §2 Login; §8) against the built shop, its own Auth
 * Emulator and the demo seed (e2e/serve.ts): required fields, a wrong password, login and logout,
 * typing before the form hydrates, an unreadable user cookie, and "Continue with Google" through an
 * emulator credential (Google's popup cannot load offline). Every test makes its own accounts
 * (freshShopper). Sign-up and the guards: accounts.spec.ts.
 */
import { expect, test } from "./fixtures";
import { freshShopper } from "./shop-helpers";
import { hydrated, userMenuReady } from "./hydration";
import { cookie, toast } from "./account-helpers";

test.describe("login and logout", () => {
  test("requires email and password, refuses a wrong password, logs in and out", async ({
    page,
    context,
    request,
  }) => {
    const shopper = await freshShopper(request);
    await page.goto("/login");
    // Decision 0004: click only once the island has hydrated (this may be the run's first page).
    await hydrated(page, page.getByRole("button", { name: "Login", exact: true }));
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByText("Email required", { exact: true })).toBeVisible();
    await expect(page.getByText("Password required", { exact: true })).toBeVisible();

    const password = page.getByLabel("Password", { exact: true });
    await password.fill("wrong-password");
    await expect(page.getByText("Password required", { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByLabel("Email", { exact: true }).fill(shopper.email);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(toast(page, "Invalid credentials or user not found.")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await password.fill(shopper.password);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/v2/auth/login", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByRole("button", { name: "Logging in..." })).toBeDisabled();
    release();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(toast(page, "Logged in! Welcome back!")).toBeVisible();
    // Both session cookies: SameSite=Lax, 30 minutes.
    for (const name of ["token", "user"]) {
      const c = (await context.cookies()).find((x) => x.name === name);
      expect(c, name).toBeDefined();
      expect(c!.sameSite).toBe("Lax");
      expect(c!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 60_000);
      expect(c!.expires * 1000 - Date.now()).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    }

    // A signed-in visitor is sent back from /login to where they came from, or /.
    await page.goto("/login?redirect=%2Fmy-profile");
    await expect(page).toHaveURL(/\/my-profile$/);
    await page.goto("/login");
    await expect(page).toHaveURL((url) => url.pathname === "/");

    // Logout from the user menu: cookies and tempOrder gone, 'Logged Out!', back to /.
    await page.evaluate(() => localStorage.setItem("tempOrder", JSON.stringify({ id: "t1" })));
    await page.goto("/instructions");
    const menuButton = await userMenuReady(page);
    await menuButton.click();
    await expect(page.getByRole("link", { name: "Manage Profile" })).toBeVisible();
    // The menu closes on an outside click.
    await page.locator("main h1").first().click();
    await expect(page.getByRole("link", { name: "Manage Profile" })).toBeHidden();
    await menuButton.click();
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(toast(page, "Logged Out!")).toBeVisible();
    await expect(page.getByText("See you soon!")).toBeVisible();
    expect(await cookie(context, "token")).toBeUndefined();
    expect(await cookie(context, "user")).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem("tempOrder"))).toBeNull();
    await page.goto("/my-profile");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmy-profile$/);
  });

  test("what is typed before the form hydrates is kept, and a Login tapped before is sent once it has", async ({
    page,
    request,
  }) => {
    const shopper = await freshShopper(request);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/LoginForm\.[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/login", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Email", { exact: true }).fill(shopper.email);
    await page.getByLabel("Password", { exact: true }).fill(shopper.password);
    // Works from the first paint (docs/decisions/0077-first-paint-forms.md): held, not lost.
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(
      page.getByText("Getting ready... your details will be sent in a moment."),
    ).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/login");
    release();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(toast(page, "Logged in! Welcome back!")).toBeVisible();
  });

  test("an unreadable user cookie is discarded and the visitor is anonymous", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([
      { name: "user", value: "%7Bnot-json", url: baseURL! },
      { name: "token", value: "a.b.c", url: baseURL! },
    ]);
    await page.goto("/my-profile");
    await expect(page).toHaveURL(/\/login/);
    expect(await cookie(context, "user")).toBeUndefined();
  });

  test("Continue with Google signs a new Google account in (emulator credential)", async ({
    page,
    context,
  }) => {
    const sub = `google-${Date.now()}`;
    await page.addInitScript(
      ([s]) => {
        window.__resinGoogleIdentity = { sub: s!, email: `${s}@gmail.example`, name: "Gina Rao" };
      },
      [sub],
    );
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(toast(page, "Welcome! You're now logged in.")).toBeVisible();
    const user = JSON.parse(decodeURIComponent((await cookie(context, "user")) ?? "null"));
    expect(user).toMatchObject({
      email: `${sub}@gmail.example`,
      firstName: "Gina",
      role: "customer",
    });
  });
});
