/**
 * Login and Sign Up work from the first paint on a phone (docs/decisions/0077-first-paint-forms.md):
 * their buttons are enabled as soon as they show; a tap before the island hydrates is held (the
 * page says it is getting ready, nothing is posted) and sent once it has.
 */
import { expect, test } from "./fixtures";
import { freshShopper, toast } from "./shop-helpers";
import { SIGNUP_EMPTY_MESSAGES } from "./account-helpers";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

function holdScript(page: import("@playwright/test").Page, name: RegExp) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  void page.route(name, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

test("Login tapped before the island hydrates logs in once it has", async ({ page, request }) => {
  const shopper = await freshShopper(request);
  const release = holdScript(page, /\/_astro\/LoginForm\.[^/]*\.js$/);
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/login") posts.push(r.url());
  });
  await page.goto("/login", { waitUntil: "domcontentloaded" });
  const login = page.getByRole("button", { name: "Login", exact: true });
  await expect(login).toBeEnabled();
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(shopper.password);
  await login.tap();
  await expect(page.getByRole("status").getByText("Getting ready...")).toBeVisible();
  release();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(toast(page, "Logged in! Welcome back!")).toBeVisible();
  expect(posts).toEqual([]); // never a plain form post with the password
});

test("Sign Up tapped before the island hydrates creates the account once it has", async ({
  page,
}) => {
  const release = holdScript(page, /\/_astro\/SignUpForm\.[^/]*\.js$/);
  await page.goto("/join-resintales", { waitUntil: "domcontentloaded" });
  const signUp = page.getByRole("button", { name: "Sign Up" });
  await expect(signUp).toBeEnabled();
  await page.getByLabel("First name").fill("Asha");
  await page.getByLabel("Last name").fill("Verma");
  await page.getByLabel("Email", { exact: true }).fill(`early.${Date.now()}@example.com`);
  await page.getByLabel("Phone number").fill("9876543210");
  await page.getByLabel("Password", { exact: true }).fill("resin-lover-1");
  await page.getByLabel("Confirm password", { exact: true }).fill("resin-lover-1");
  await page.getByLabel("Date of birth").fill("1994-06-15");
  await page.getByLabel("Gender").selectOption("female");
  await page.getByRole("checkbox", { name: /I agree to the Terms/ }).check();
  await signUp.tap();
  await expect(page.getByRole("status").getByText("Getting ready...")).toBeVisible();
  release();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(toast(page, "Success!")).toBeVisible();
});

test("Sign Up tapped early with a wrong email shows the field's message once the island hydrates", async ({
  page,
}) => {
  const release = holdScript(page, /\/_astro\/SignUpForm\.[^/]*\.js$/);
  await page.goto("/join-resintales", { waitUntil: "domcontentloaded" });
  await page.getByLabel("First name").fill("Asha");
  await page.getByLabel("Email", { exact: true }).fill("asha@");
  await page.getByRole("button", { name: "Sign Up" }).tap();
  await expect(page.getByRole("status").getByText("Getting ready...")).toBeVisible();
  release();
  // The held submit is checked once the island runs; the replayed change events of the fields
  // typed before hydration are not edits, so the messages stay until the person edits a field.
  await expect(page.getByText("Invalid email")).toBeVisible();
  await expect(page.getByText("Last name required")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/join-resintales");
  await page.getByLabel("Email", { exact: true }).fill("asha@x");
  await expect(page.getByText("Invalid email")).toHaveCount(0);
  await expect(page.getByText("Last name required")).toBeVisible();
});

test("Sign Up tapped early with every field empty shows each field's message once the island hydrates", async ({
  page,
}) => {
  const release = holdScript(page, /\/_astro\/SignUpForm\.[^/]*\.js$/);
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.isNavigationRequest()) posts.push(r.url());
  });
  await page.goto("/join-resintales", { waitUntil: "domcontentloaded" });
  await page.getByRole("button", { name: "Sign Up" }).tap();
  await expect(page.getByRole("status").getByText("Getting ready...")).toBeVisible();
  release();
  for (const message of SIGNUP_EMPTY_MESSAGES) {
    await expect(page.getByText(message, { exact: true }), message).toHaveCount(1);
  }
  await expect(page.getByText("Getting ready...")).toHaveCount(0);
  for (const label of ["First name", "Last name", "Phone number", "Date of birth", "Gender"]) {
    await expect(page.getByLabel(label), label).toHaveAttribute("aria-invalid", "true");
  }
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
  expect(new URL(page.url()).pathname).toBe("/join-resintales");
  expect(posts).toEqual([]); // held, then checked in the browser: never a plain form post
});
