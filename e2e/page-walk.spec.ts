/**
 * The page walk (docs/decisions/0140-the-page-walk.md, 0054): every storefront page, every portal
 * screen and every modal, at a phone's 390 px and a laptop's 1280 px, each opened once and checked
 * twice in that load:
 * - width: no page is wider than the screen (a page that pans sideways pushes the header's cart and
 *   account menu off screen; tables become cards on a phone or scroll inside their own container);
 * - axe-core: no violation of impact serious or critical.
 * Each page is also the one asked for (its status, its address) and meets no Content-Security-Policy
 * violation. Each test walks one group at one width; its checks are soft, so a failure lists every
 * page that is too wide ("width: ...", with the element sticking out furthest) and every violation
 * ("axe: ...", rule, impact, elements).
 */
import type { Browser, Page } from "@playwright/test";
import { expect, test, watchCsp } from "./fixtures";
import {
  axeViolations,
  checkPage,
  openPage,
  portalPages,
  prepareWalk,
  type Size,
  storefrontPages,
  VIEWPORTS,
  type Walk,
  type Who,
} from "./page-walk";
import { pageWidth } from "./page-width";

let walk: Walk;
test.beforeAll(async ({ browser, request }, info) => {
  test.setTimeout(240_000);
  walk = await prepareWalk(browser, request, info.outputDir);
});

async function contextFor(browser: Browser, size: Size, who: Who) {
  const context = await browser.newContext({
    viewport: size.viewport,
    hasTouch: size.hasTouch,
    isMobile: size.isMobile,
    ...(who === "visitor" ? {} : { storageState: who === "owner" ? walk.owner : walk.shopper }),
  });
  watchCsp(context); // as the fixture does for a test's own context
  return context;
}

/** The Content-Security-Policy violations the page's context met since the last call. */
const cspSince = (page: Page) => watchCsp(page.context()).splice(0);

interface ModalCase {
  name: string;
  who: Who;
  path: string;
  open: (page: Page) => Promise<void>;
}

const footerModal = (label: string): ModalCase => ({
  name: label,
  who: "visitor",
  path: "/instructions",
  open: async (page) => {
    await page.getByRole("contentinfo").getByRole("button", { name: label }).click();
    const dialog = page.getByRole("dialog", { name: label });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("p, li").first()).toBeVisible(); // its text has arrived
  },
});

// The portal's Edit Image modal is walked as a page: /admin/categories/{id} opens it.
const MODALS: ModalCase[] = [
  {
    name: "custom-order inquiry",
    who: "visitor",
    path: "/",
    open: async (page) => {
      await page.getByRole("button", { name: "Custom", exact: true }).click();
      await expect(page.getByRole("dialog", { name: "Custom Order" })).toBeVisible();
    },
  },
  footerModal("Terms & Conditions"),
  footerModal("Privacy Policy"),
  footerModal("Shipping Policy"),
  footerModal("Returns & Refunds"),
  {
    name: "cart drawer",
    who: "shopper",
    path: "/products",
    open: async (page) => {
      await page
        .locator("header")
        .getByRole("button", { name: /^Cart, \d+ items?$/ })
        .first()
        .click();
      await expect(page.getByRole("dialog", { name: "Your Cart" })).toBeVisible();
    },
  },
  {
    name: "address editor",
    who: "shopper",
    path: "/my-profile",
    open: async (page) => {
      await page.getByRole("button", { name: "Add Address" }).click();
      await expect(page.getByRole("dialog", { name: "Add Address" })).toBeVisible();
    },
  },
];

for (const size of VIEWPORTS) {
  const limit = size.viewport.width;
  for (const group of ["storefront", "portal"] as const) {
    test(`${size.name}: every ${group} page fits ${limit} px and has no serious or critical axe violation`, async ({
      browser,
    }) => {
      test.setTimeout(420_000);
      // One browser per signed-in state, reused from page to page: its cache keeps the scripts
      // (each page is still a fresh navigation).
      const tabs = new Map<Who, Page>();
      try {
        for (const p of group === "storefront" ? storefrontPages(walk) : portalPages(walk)) {
          let page = tabs.get(p.who);
          if (!page) {
            page = await (await contextFor(browser, size, p.who)).newPage();
            tabs.set(p.who, page);
          }
          await openPage(page, p);
          await checkPage(page, `${p.name} (${p.path})`, size);
          expect.soft(cspSince(page), `CSP: ${p.name} (${p.path})`).toEqual([]);
        }
      } finally {
        for (const page of tabs.values()) await page.context().close();
      }
    });
  }

  test(`${size.name}: every modal fits ${limit} px and has no serious or critical axe violation`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    for (const modal of MODALS) {
      const context = await contextFor(browser, size, modal.who);
      const page = await context.newPage();
      try {
        await openPage(page, { name: modal.name, path: modal.path, who: modal.who });
        await modal.open(page);
        await page.waitForTimeout(300); // the dialog's opening animation, so colours are final
        const { width, widest } = await pageWidth(page, limit);
        expect
          .soft(width, `width: ${modal.name} is ${width} px wide at ${limit} px; ${widest}`)
          .toBeLessThanOrEqual(limit);
        expect.soft(await axeViolations(page, "dialog[open]"), `axe: ${modal.name}`).toEqual([]);
        expect.soft(cspSince(page), `CSP: ${modal.name}`).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
}
