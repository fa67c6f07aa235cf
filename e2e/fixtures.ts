/**
 * The `test` every spec uses: Playwright's own, plus a watch on the browser console of every page
 * (and popup) a test opens. A Content-Security-Policy violation fails the test that caused it, so a
 * script, style or connection the policy does not allow is found here, not by a shopper.
 *
 *   import { expect, test } from "./fixtures";
 */
import { test as base, type BrowserContext } from "@playwright/test";

export { expect } from "@playwright/test";
export type { Browser, BrowserContext, Locator, Page } from "@playwright/test";

const violations = new WeakMap<BrowserContext, string[]>();

/** Starts collecting CSP violations from every page of `context` (new pages included). */
export function watchCsp(context: BrowserContext): string[] {
  const found = violations.get(context) ?? [];
  if (violations.has(context)) return found;
  violations.set(context, found);
  const watch = (page: import("@playwright/test").Page) =>
    page.on("console", (message) => {
      const text = message.text();
      if (/Content[- ]Security[- ]Policy/i.test(text)) found.push(`${page.url()}: ${text}`);
    });
  context.pages().forEach(watch);
  context.on("page", watch);
  return found;
}

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const found = watchCsp(context);
      await use(found);
      if (found.length > 0)
        throw new Error(`Content-Security-Policy violations:\n${found.join("\n")}`);
    },
    { auto: true },
  ],
});

/**
 * Resolves after the page has painted two more frames: every event handler, React commit and
 * effect queued by what the test just did has run. For "nothing else happens" checks, instead of
 * a sleep.
 */
export async function settled(page: import("@playwright/test").Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}
