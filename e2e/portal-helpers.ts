/** Shared steps of the portal's specs (e2e/admin-*.spec.ts). */
import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type Page,
} from "@playwright/test";
import { EMULATOR } from "./account-helpers";
import { watchCsp } from "./fixtures";
import { pageWidth } from "./page-width";
import { signIn } from "./shop-helpers";

export const OWNER = { email: "owner@resintales.example", password: "resin-owner-2024" };

/** The seeded owner signed in, in a browser context of their own (closed by the caller). */
export async function ownerPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  watchCsp(context);
  const page = await context.newPage();
  await signIn(page, OWNER);
  await page.waitForURL((url) => url.pathname !== "/login");
  return page;
}

/** The two viewports the portal must fit (docs/decisions/0054-portal-on-a-phone.md). */
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** Fails when the document is wider than the viewport (the page would pan sideways). */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const view = await page.evaluate(() => window.innerWidth);
  const { width, widest } = await pageWidth(page, view);
  expect(
    width,
    `${what}: document ${width} px wide in a ${view} px viewport; ${widest}`,
  ).toBeLessThanOrEqual(view);
}

/** An account's ID token from the Auth Emulator (password sign-in); a refusal fails the test. */
export async function idToken(
  request: APIRequestContext,
  who: { email: string; password: string },
): Promise<string> {
  const res = await request.post(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`,
    { data: { ...who, returnSecureToken: true } },
  );
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** The seeded owner's Authorization header, for the owner's API calls. */
export async function ownerBearer(request: APIRequestContext): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await idToken(request, OWNER)}` };
}

/**
 * A custom-work inquiry from Meera Rao (the form's API; a "Wall art" one unless told), then the
 * owner's quote for it: answers the create-quote response (ownerQuote checks it).
 */
async function inquiryQuote(
  request: APIRequestContext,
  bearer: Record<string, string>,
  inquiry: { email: string; description: string; productType?: string; neededBy?: string },
  quote: Record<string, unknown>,
): Promise<APIResponse> {
  const { productType = "Wall art", neededBy, ...rest } = inquiry;
  const asked = await request.post("/v2/custom-order-email", {
    data: {
      name: "Meera Rao",
      email: rest.email,
      productType,
      colors: "",
      size: "",
      budget: "",
      description: rest.description,
      ...(neededBy === undefined ? {} : { neededBy }),
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const inquiryId = ((await asked.json()) as { id: string }).id;
  return request.post(`/v2/admin/inquiries/${inquiryId}/quotes`, { headers: bearer, data: quote });
}

/** The quote's defaults: 1 kg, dispatched in 7 to 15 days, the custom stages, open 10 days. */
const quoteDefaults = () => ({
  shippingWeight: 1,
  dispatchMinDays: 7,
  dispatchMaxDays: 15,
  stageSet: "custom",
  expiresAt: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
});

/** An inquiry and the owner's quote on it (201), `quote` over the defaults: the quote's id. */
export async function ownerQuote(
  request: APIRequestContext,
  bearer: Record<string, string>,
  inquiry: Parameters<typeof inquiryQuote>[2],
  quote: Record<string, unknown>,
): Promise<string> {
  const created = await inquiryQuote(request, bearer, inquiry, { ...quoteDefaults(), ...quote });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** The owner sends the quote (200): the path of the customer's link. */
export async function sendQuote(
  request: APIRequestContext,
  bearer: Record<string, string>,
  quoteId: string,
): Promise<string> {
  const sent = await request.post(`/v2/admin/quotes/${quoteId}/send`, { headers: bearer });
  expect(sent.status(), await sent.text()).toBe(200);
  return new URL(((await sent.json()) as { link: string }).link).pathname;
}

/** ownerQuote, then sendQuote: the path of the customer's link. */
export async function sentQuote(
  request: APIRequestContext,
  bearer: Record<string, string>,
  inquiry: Parameters<typeof inquiryQuote>[2],
  quote: Record<string, unknown>,
): Promise<string> {
  return sendQuote(request, bearer, await ownerQuote(request, bearer, inquiry, quote));
}
