/**
 * No page of the shop or the portal is wider than the screen, at a phone's 390 px and a laptop's
 * 1280 px: a page that pans sideways pushes the header's cart and account menu off screen. Tables
 * become cards on a phone or scroll inside their own container, never the page. Each test walks
 * one group of pages at one width and names every page that is too wide.
 */
import { expect, test } from "./fixtures";
import { pageWidth } from "./page-width";
import {
  openPage,
  portalPages,
  prepareWalk,
  storefrontPages,
  VIEWPORTS,
  type Walk,
} from "./page-walk";

let walk: Walk;
test.beforeAll(async ({ browser, request }, info) => {
  test.setTimeout(180_000);
  walk = await prepareWalk(browser, request, info.outputDir);
});

for (const size of VIEWPORTS) {
  for (const group of ["storefront", "portal"] as const) {
    test(`${size.name}: every ${group} page is no wider than ${size.viewport.width} px`, async ({
      browser,
    }) => {
      test.setTimeout(240_000);
      const pages = group === "storefront" ? storefrontPages(walk) : portalPages(walk);
      for (const p of pages) {
        const context = await browser.newContext({
          viewport: size.viewport,
          hasTouch: size.hasTouch,
          isMobile: size.isMobile,
          ...(p.who === "visitor"
            ? {}
            : { storageState: p.who === "owner" ? walk.owner : walk.shopper }),
        });
        const page = await context.newPage();
        try {
          await openPage(page, p);
          // Against the width asked for: a mobile browser widens its layout viewport to fit a
          // page that overflows, so innerWidth would grow with the page.
          const { width, widest } = await pageWidth(page, size.viewport.width);
          expect
            .soft(
              width,
              `${p.name} (${p.path}) is ${width} px wide at ${size.viewport.width} px; ${widest}`,
            )
            .toBeLessThanOrEqual(size.viewport.width);
        } finally {
          await context.close();
        }
      }
    });
  }
}
