/**
 * JavaScript budgets on first load (docs/decisions/0223-javascript-budgets.md): every storefront
 * page of issue's list is asked of the e2e server (the build the e2e step already made), and the
 * JavaScript its HTML loads without a person's action is summed from dist/client, gzipped
 * (bench/js-budget.ts). Bytes, not timings. A product with personalisation (text and photo fields,
 * bench/lighthouse-data.ts) is among them: its first load must not carry the crop view's code
 * (docs/decisions/0264-photo-crop-view.md). The rows go to .tmp/js-budgets.json, which
 * `npx tsx bench/js-budget-table.ts` prints into docs/performance.md.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import {
  BUDGET_JSON,
  type BudgetPage,
  type BudgetRow,
  budgetRow,
  budgetTable,
} from "../bench/js-budget";
import { personalisedProductBody } from "../bench/lighthouse-data";
import { SIGNUP_PATH } from "./account-helpers";
import { expect, test } from "./fixtures";
import { prepareWalk, type Walk } from "./page-walk";

const CLIENT_DIR = "dist/client";

let walk: Walk;
/** A product without reviews (the walk's own product, products[0], gets the review). */
let plainProduct: string;
/** The walk's reviews this file published, hidden again afterwards (other files count reviews). */
let published: string[] = [];
/** This file's product with personalisation, retired again afterwards (other files count products). */
let personalised = "";
test.afterAll(async ({ request }) => {
  if (published.length) await moderateWalkReviews(request, walk.owner, "hide", published);
  if (personalised)
    await request.patch(`/v2/products/${encodeURIComponent(personalised)}?status=inactive`, {
      headers: bearer(walk.owner),
    });
});
test.beforeAll(async ({ browser, request }, info) => {
  test.setTimeout(240_000);
  walk = await prepareWalk(browser, request, info.outputDir);
  published = await moderateWalkReviews(request, walk.owner, "publish");
  const products = (await (
    await request.get("/v2/products?limit=0&offset=0&status=active")
  ).json()) as { id: string }[];
  plainProduct = products.find((p) => p.id !== walk.productId)!.id;
  const categories = (await (await request.get("/v2/categories")).json()) as { id: string }[];
  const image = { url: "/images/fallback-product.svg", alt: "A nameplate", isPrimary: true };
  const body = personalisedProductBody(categories[0]!.id, image, `BUDGET-PERSONAL-${Date.now()}`);
  const made = await request.post("/v2/products", { headers: bearer(walk.owner), data: body });
  expect(made.status(), await made.text()).toBe(201);
  personalised = ((await made.json()) as { id: string }).id;
});

/** The token cookie of a saved browser state, as a bearer header. */
function bearer(stateFile: string): Record<string, string> {
  const state = JSON.parse(readFileSync(stateFile, "utf8")) as {
    cookies: { name: string; value: string }[];
  };
  const token = state.cookies.find((c) => c.name === "token")?.value ?? "";
  return { authorization: `Bearer ${decodeURIComponent(token)}` };
}

/**
 * The walk's review is waiting for the owner: published, its product is "a product with reviews".
 * Only the walk's own review (its title), and hidden again after the test.
 */
async function moderateWalkReviews(
  request: APIRequestContext,
  ownerState: string,
  action: "publish" | "hide",
  ids?: string[],
): Promise<string[]> {
  const headers = bearer(ownerState);
  let targets = ids;
  if (!targets) {
    const list = await request.get("/v2/admin/reviews?status=pending", { headers });
    expect(list.status()).toBe(200);
    targets = ((await list.json()) as { reviews: { id: string; title: string }[] }).reviews
      .filter((r) => r.title === "Walked and reviewed")
      .map((r) => r.id);
  }
  for (const id of targets) {
    const answer = await request.patch(`/v2/admin/reviews/${id}?action=${action}`, {
      headers,
      data: {},
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }
  return targets;
}

const PERSONALISED = "product with personalisation";

function pages(w: Walk): BudgetPage[] {
  return [
    { name: "home", path: "/", kind: "content" },
    { name: "instructions", path: "/instructions", kind: "content" },
    { name: "products", path: "/products", kind: "catalogue" },
    { name: "product", path: `/products/product/${plainProduct}`, kind: "catalogue" },
    { name: "product with reviews", path: `/products/product/${w.productId}`, kind: "catalogue" },
    { name: PERSONALISED, path: `/products/product/${personalised}`, kind: "catalogue" },
    { name: "login", path: "/login", kind: "account" },
    { name: "sign-up", path: SIGNUP_PATH, kind: "account" },
    { name: "checkout", path: "/checkout", kind: "checkout", signedIn: true },
    { name: "my orders", path: "/my-orders", kind: "catalogue", signedIn: true },
    { name: "an order", path: `/my-orders/${w.deliveredOrder}`, kind: "catalogue", signedIn: true },
    { name: "a quote link", path: w.quotePath, kind: "catalogue" },
  ];
}

test("every storefront page's first-load JavaScript is within its budget", async ({ browser }) => {
  const visitor = await browser.newContext();
  const shopper = await browser.newContext({ storageState: walk.shopper });
  const rows: BudgetRow[] = [];
  try {
    for (const page of pages(walk)) {
      const answer = await (page.signedIn ? shopper : visitor).request.get(page.path);
      expect(answer.status(), `${page.name} (${page.path})`).toBe(200);
      rows.push(budgetRow(CLIENT_DIR, page, await answer.text()));
    }
  } finally {
    await visitor.close();
    await shopper.close();
  }
  mkdirSync(".tmp", { recursive: true });
  writeFileSync(BUDGET_JSON, `${JSON.stringify(rows, null, 2)}\n`);
  console.log(budgetTable(rows));
  // Every page loads the shell's scripts: a page with no JavaScript counted was misread.
  for (const row of rows)
    expect(row.files.length, `${row.name}: no scripts found`).toBeGreaterThan(0);
  const over = rows
    .filter((r) => r.gzipBytes > r.budget)
    .map(
      (r) =>
        `${r.name} (${r.path}): ${r.gzipBytes} B over its ${r.budget} B; biggest: ${r.files
          .slice(0, 4)
          .map((f) => `${f.file} ${f.gzipBytes}`)
          .join(", ")}`,
    );
  expect(over, "pages over their JavaScript budget").toEqual([]);
  // The crop view (react-easy-crop) loads when the photo field is touched, never on first load.
  const withFields = rows.find((r) => r.name === PERSONALISED)!;
  expect(withFields.files.map((f) => f.file).filter((f) => /PhotoCrop/.test(f))).toEqual([]);
});
