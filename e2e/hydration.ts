/**
 * Astro renders an island's HTML on the server and React takes it over later (client:idle waits
 * for an idle moment). A click or a keystroke before then can be lost, so tests that interact
 * with an island right after a navigation first wait for it to hydrate.
 */
import { expect, type Locator, type Page } from "@playwright/test";

/** Waits until the island holding `inside` has hydrated (Astro drops the `ssr` attribute). */
export async function hydrated(page: Page, inside: Locator): Promise<void> {
  await expect(page.locator("astro-island:not([ssr])").filter({ has: inside }).first()).toBeAttached();
}
