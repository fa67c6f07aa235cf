/**
 * The portal as the owner meets it (docs/decisions/0052-portal-screen-contract.md, 0053, 0054):
 * the Inquiries badge on every load (its count waits for the sign-in: no 401, no console error),
 * every screen fitting a phone (390 px) and a laptop (1280 px) with the orders' View in sight, and
 * the orders' view kept in the address so a reload or a shared link shows the same page, and the
 * orders' first rows painted from the page's HTML before any of its scripts has run (decision 0153).
 */
import { readyToCheckout, saveAddress, toProvider } from "./checkout-helpers";
import { expect, test, watchCsp } from "./fixtures";
import { expectNoSidewaysScroll, ownerPage, VIEWPORTS } from "./portal-helpers";

test("the Inquiries badge shows on every load: its count waits for the sign-in", async ({
  browser,
  request,
}) => {
  const stamp = String(Date.now());
  // A new inquiry, so the count is above 0 (a 429 means others were sent this hour: still new ones).
  const sent = await request.post("/v2/custom-order-email", {
    data: {
      name: `Badge ${stamp}`,
      email: `badge.${stamp}@example.com`,
      productType: "Wall art",
      colors: "",
      size: "",
      budget: "",
      description: "A panel for the badge test.",
    },
  });
  expect([201, 429]).toContain(sent.status());

  const owner = await ownerPage(browser);
  const answers: number[] = [];
  const errors: string[] = [];
  owner.on("response", (response) => {
    if (new URL(response.url()).pathname === "/v2/admin/inquiries/count")
      answers.push(response.status());
  });
  owner.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const badge = owner
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: /^Inquiries/ })
    .locator("[data-new-inquiries]");
  for (let load = 0; load < 5; load++) {
    if (load === 0) await owner.goto("/admin");
    else await owner.reload();
    await expect(badge, `load ${load + 1}`).toHaveText(/^\d+ new$/);
  }
  expect(answers.length).toBeGreaterThanOrEqual(5);
  expect(answers.filter((status) => status !== 200)).toEqual([]);
  expect(errors).toEqual([]);
  await owner.context().close();
});

for (const viewport of VIEWPORTS) {
  test(`every portal screen fits ${viewport.width} px without panning sideways`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const owner = await ownerPage(browser, viewport);
    for (const path of [
      "/admin",
      "/admin/my-products",
      "/admin/add-product",
      "/admin/categories",
      "/admin/inquiries",
    ]) {
      await owner.goto(path);
      await expect(owner.locator("[data-admin-screen] h1").first()).toBeVisible();
      await expect(owner.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
      await expectNoSidewaysScroll(owner, `${path} at ${viewport.width} px`);
    }
    // An inquiry's quotes and an order's detail, when the shop has them.
    await owner.goto("/admin/inquiries");
    const quote = owner.locator("[data-quote-link-for]").first();
    if ((await quote.count()) > 0) {
      await quote.click();
      await expect(owner.locator("[data-inquiry-quotes]")).toBeVisible();
      await expectNoSidewaysScroll(owner, `an inquiry at ${viewport.width} px`);
    }
    await owner.goto("/admin");
    const row = owner.locator("[data-order-row]").first();
    await expect(row.or(owner.getByText("No orders found matching your filters."))).toBeVisible();
    if ((await row.count()) > 0) {
      const view = row.getByRole("link", { name: /^View order / });
      // The list may render again once its counts arrive (a new row element): scroll the current one.
      await expect(async () => {
        await view.scrollIntoViewIfNeeded({ timeout: 2_000 });
        await expect(view).toBeInViewport({ timeout: 1_000 });
      }).toPass();
      if (viewport.width >= 1280) {
        // The table fits its card: View sits inside it, and the id is short with the full one on hover.
        const card = owner.getByRole("table", { name: "Orders" }).locator("xpath=..");
        const [cardBox, viewBox] = [await card.boundingBox(), await view.boundingBox()];
        expect(viewBox!.x + viewBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
        const id = (await row.getAttribute("data-order-row"))!;
        await expect(row.locator("[data-order-id-short]")).toHaveAttribute("title", id);
        await expect(row.getByRole("button", { name: `Copy order id ${id}` })).toBeVisible();
      }
      await view.click();
      await expect(owner.locator("[data-admin-order]")).toBeVisible();
      await expectNoSidewaysScroll(owner, `an order at ${viewport.width} px`);
    }
    await owner.context().close();
  });
}

test("the orders' view lives in the address: a reload and a shared link show the same page", async ({
  browser,
}) => {
  const owner = await ownerPage(browser);
  await owner.goto("/admin");
  await owner.locator("[data-count=cancelled]").click();
  await expect(owner).toHaveURL(/\?status=cancelled$/);
  await owner.getByLabel("Min amount (₹)").fill("1");
  await expect(owner).toHaveURL(/\?status=cancelled&min=1$/);
  await owner.reload();
  await expect(owner.locator("[data-count=cancelled]")).toHaveAttribute("aria-pressed", "true");
  await expect(owner.getByLabel("Min amount (₹)")).toHaveValue("1");
  const shared = await owner.context().newPage();
  const asked: string[] = [];
  shared.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/v2/admin/allorders") asked.push(url.search);
  });
  await shared.goto("/admin?q=no-such-order-anywhere");
  await expect(shared.getByLabel("Search by name or order id")).toHaveValue(
    "no-such-order-anywhere",
  );
  await expect(shared.getByText("No orders found matching your filters.")).toBeVisible();
  // The page carried its first rows (decision 0152); a change of view asks the server.
  expect(asked).toEqual([]);
  await shared.locator("[data-count=shipped]").click();
  await expect
    .poll(() => asked)
    .toEqual(["?q=no-such-order-anywhere&status=shipped&limit=50&offset=0"]);
  await shared.close();
  // Back returns to the previous view.
  await owner.locator("[data-count=all]").click();
  await expect(owner).toHaveURL(/\/admin\?min=1$/);
  await owner.goBack();
  await expect(owner.locator("[data-count=cancelled]")).toHaveAttribute("aria-pressed", "true");
  await owner.context().close();
});

test("the first rows show from the page's HTML with the scripts held back; the portal then takes over", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  // One order at least (a walked-away checkout stays pending).
  await readyToCheckout(page, request, 1);
  await saveAddress(page, ["Ira", "Das", "9 Park Street", "Kolkata", "West Bengal", "700016"]);
  await page.getByLabel("UPI contact number").fill("9876543210");
  const orderId = await toProvider(page);

  const owner = await ownerPage(browser);
  const csp = watchCsp(owner.context());
  // Every script file of the page (the portal's island, the shell's) waits until released.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await owner.route("**/_astro/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await owner.goto("/admin", { waitUntil: "commit" });
  const painted = owner.locator("[data-admin-first-paint]");
  const row = owner.locator(`[data-order-row="${orderId}"]`);
  await expect(painted.locator(`[data-order-row="${orderId}"]`)).toBeVisible();
  // The admin gate was checked inline; the controls that need the script are disabled meanwhile.
  await expect(owner.getByText("Checking authentication...")).toHaveCount(0);
  await expect(row.getByLabel(`Change status of order ${orderId}`)).toBeDisabled();
  await expect(owner.locator("[data-count=pending]")).toBeDisabled();
  await expect(owner.getByLabel("Search by name or order id")).toBeDisabled();
  await expect(row.getByRole("link", { name: `View order ${orderId}` })).toHaveAttribute(
    "href",
    `/admin/order/${orderId}`,
  );
  const rowIds = () =>
    owner
      .locator("[data-order-row]")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-order-row")));
  const before = await rowIds();
  const total = await row.locator("[data-order-total]").textContent();

  // From here on, any moment without a row (a spinner in their place) is noted.
  await owner.evaluate(() => {
    const flag = window as unknown as { rowsGone?: boolean };
    flag.rowsGone = false;
    new MutationObserver(() => {
      if (!document.querySelector("[data-order-row]")) flag.rowsGone = true;
    }).observe(document.body, { childList: true, subtree: true });
  });

  release();
  await expect(painted).toHaveCount(0);
  await expect(owner.locator("[data-count=pending]")).toBeEnabled();
  expect(await rowIds()).toEqual(before);
  expect(await owner.evaluate(() => (window as unknown as { rowsGone?: boolean }).rowsGone)).toBe(
    false,
  );
  await expect(row.locator("[data-order-total]")).toHaveText(total!);
  await owner.locator("[data-count=pending]").click();
  await expect(owner).toHaveURL(/\?status=pending$/);
  await expect(owner.locator("[data-order-row] [data-status]").first()).toHaveText(
    "Waiting Payments",
  );
  await expect(
    owner.locator("[data-order-row] [data-status]:not([data-status=pending])"),
  ).toHaveCount(0);
  expect(csp).toEqual([]);
  await owner.context().close();
});

test("an empty quote draft flags its fields under each, in the form's words; the log is in India time", async ({
  browser,
  request,
}) => {
  const stamp = String(Date.now());
  const sent = await request.post("/v2/custom-order-email", {
    data: {
      name: `Draft ${stamp}`,
      email: `draft.${stamp}@example.com`,
      productType: "Wall art",
      colors: "",
      size: "",
      budget: "",
      description: "A panel for the draft test.",
    },
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  const owner = await ownerPage(browser, { width: 390, height: 844 });
  await owner.goto(`/admin/inquiries/${id}`);
  await owner.getByRole("button", { name: "New quote" }).click();
  const editor = owner.locator("[data-quote-editor]");
  await expect(editor.getByRole("combobox", { name: "Shipping estimate" })).toContainText(
    "By weight (standard rates)",
  );
  await editor.getByLabel("Weight (kg)").fill("");
  await editor.getByRole("button", { name: "Create draft" }).click();
  await expect(editor.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  await expect(editor.getByLabel("Price (₹)")).toHaveAttribute("aria-invalid", "true");
  await expect(editor.locator("[data-field-error]")).toHaveText([
    "Title is required",
    "Price (₹) is required",
    "Weight (kg): a weight above 0, such as 0.5",
  ]);
  await expectNoSidewaysScroll(owner, "the quote editor at 390 px");
  // The piece's choice reads whole, not clipped.
  const piece = editor.getByLabel("Piece");
  const fits = await piece.evaluate(
    (select: HTMLSelectElement) => select.scrollWidth <= select.clientWidth + 1,
  );
  expect(fits).toBe(true);

  await editor.getByLabel("Title").fill("Ocean panel");
  await expect(editor.locator("[data-field-error]")).toHaveCount(2);
  await editor.getByLabel("Price (₹)").fill("4500");
  await editor.getByLabel("Weight (kg)").fill("0.5");
  await editor.getByRole("button", { name: "Create draft" }).click();
  await expect(owner.locator("[data-quote-status=draft]")).toBeVisible();
  await owner.locator("[data-send-quote]").click();
  await expect(owner.locator("[data-quote-link]")).toBeVisible();
  // The log: "25 Nov 2026, 12:55 sent" (India time, 24-hour), never an ISO stamp.
  await expect(owner.locator("[data-quote] li time").first()).toHaveText(
    /^\d{1,2} [A-Z][a-z]{2} \d{4},? \d{2}:\d{2}$/,
  );
  await expect(owner.locator("[data-quote]").first()).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await owner.context().close();
});
