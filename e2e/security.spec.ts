/**
 * Security headers and the Content-Security-Policy, seen from the browser (issue: the API speaks
 * the spec's contract). The fixture in ./fixtures fails any test whose pages report a violation;
 * this spec proves the policy really refuses what it should, and that the watch notices.
 */
import { expect, test } from "./fixtures";

test.describe("security headers", () => {
  test("pages and API answers carry the security headers", async ({ request }) => {
    for (const path of [
      "/",
      "/products",
      "/v2/products?limit=1&offset=0&status=active",
      "/v2/no-such-thing",
    ]) {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"], path).toContain("camera=()");
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["content-security-policy"], path).not.toContain("unsafe-eval");
    }
    // Scripts: only the shop's own, by hash (Astro writes them); never eval.
    const page = (await request.get("/")).headers()["content-security-policy"]!;
    expect(page).toMatch(/script-src 'self'[^;]*'sha256-/);
    expect(page).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  test("an inline script the shop did not ship is refused, and the watch reports it", async ({
    page,
    cspViolations,
  }) => {
    await page.goto("/instructions");
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
    expect(cspViolations.join("\n")).toMatch(/script/i);
    cspViolations.length = 0; // seen and expected: the fixture must not fail this test
  });
});
