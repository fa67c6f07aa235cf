/**
 * Astro renders an island's HTML on the server and React takes it over later (client:idle waits
 * for an idle moment). A click or a keystroke before then can be lost, so tests that interact
 * with an island right after a navigation first wait for it to hydrate.
 */
import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Waits until the island holding `inside` has hydrated (Astro drops the `ssr` attribute). An island
 * that hydrates when touched (`client:touch`, docs/decisions/0225-islands-hydrate-when-touched.md)
 * is woken first, as a person's pointer coming over it would.
 */
export async function hydrated(page: Page, inside: Locator): Promise<void> {
  const waiting = page.locator("astro-island[ssr][client='touch']").filter({ has: inside });
  if ((await waiting.count()) > 0) await inside.first().dispatchEvent("pointerover");
  await expect(
    page.locator("astro-island:not([ssr])").filter({ has: inside }).first(),
  ).toBeAttached();
}

/**
 * The site shell's scripts (user menu, cart buttons, the inquiry launcher) start after the first
 * frame (docs/decisions/0050-critical-css-per-page.md); a click before then would be lost. Waits
 * until the last of them has run (Shop.astro marks `<html data-shell="ready">`).
 */
export async function shellReady(page: Page): Promise<void> {
  await expect(page.locator("html[data-shell='ready']")).toBeAttached();
}

/** The top bar's user menu button, once the shell has started it. */
export async function userMenuReady(page: Page): Promise<Locator> {
  await shellReady(page);
  await expect(page.locator("[data-user-menu][data-ready]").first()).toBeAttached();
  return page.locator("[data-user-menu][data-ready] [data-user-menu-button]").first();
}
