/**
 * Accessibility as a gate: axe-core on every storefront page, every portal screen and every modal,
 * at a phone's and a laptop's width; any violation of impact serious or critical fails. Each test
 * walks one group at one width and lists every violation it found (rule, impact, elements).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  openPage,
  portalPages,
  prepareWalk,
  storefrontPages,
  VIEWPORTS,
  type Walk,
  type WalkPage,
} from "./page-walk";

let walk: Walk;
test.beforeAll(async ({ browser, request }, info) => {
  test.setTimeout(180_000);
  walk = await prepareWalk(browser, request, info.outputDir);
});

/** Serious and critical violations on the page (or inside `include`), one line each. */
async function violations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations: found } = await builder.analyze();
  return found
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(" "))
          .join(", ")}`,
    );
}

type Size = (typeof VIEWPORTS)[number];

async function contextFor(browser: Browser, size: Size, who: WalkPage["who"]) {
  return browser.newContext({
    viewport: size.viewport,
    hasTouch: size.hasTouch,
    isMobile: size.isMobile,
    ...(who === "visitor" ? {} : { storageState: who === "owner" ? walk.owner : walk.shopper }),
  });
}

interface ModalCase {
  name: string;
  who: WalkPage["who"];
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
  {
    name: "portal Edit Image",
    who: "owner",
    // The category's own route opens its Edit Image modal (docs/product.md §2 /admin/categories/{id}).
    path: "/admin/categories/Coasters",
    open: async (page) => {
      await expect(page.getByRole("dialog", { name: "Edit Image" })).toBeVisible();
    },
  },
];

for (const size of VIEWPORTS) {
  for (const group of ["storefront", "portal"] as const) {
    test(`${size.name}: every ${group} page has no serious or critical axe violation`, async ({
      browser,
    }) => {
      test.setTimeout(300_000);
      const pages = group === "storefront" ? storefrontPages(walk) : portalPages(walk);
      for (const p of pages) {
        const context = await contextFor(browser, size, p.who);
        const page = await context.newPage();
        try {
          await openPage(page, p);
          expect.soft(await violations(page), `${p.name} (${p.path})`).toEqual([]);
        } finally {
          await context.close();
        }
      }
    });
  }

  test(`${size.name}: every modal has no serious or critical axe violation`, async ({
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
        expect.soft(await violations(page, "dialog[open]"), modal.name).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
}
