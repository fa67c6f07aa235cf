/**
 * Security headers and the Content-Security-Policy, seen from the browser (issue: the API speaks
 * the spec's contract). The fixture in ./fixtures fails any test whose pages report a violation;
 * this spec proves the policy really refuses what it should, and that the watch notices.
 */
import { expect, test } from "./fixtures";
import { rawRequest } from "./raw-http";

const PORT = Number(process.env.E2E_PORT ?? 4330);
const HOST = `localhost:${PORT}`;

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

// docs/decisions/0012-security-headers.md: every answer, static files included (an SVG opened
// directly is a document).
test.describe("static files", () => {
  test("scripts, styles, the favicon and bundled SVGs carry the security headers", async ({
    request,
  }) => {
    const home = await (await request.get("/")).text();
    const assets = [...home.matchAll(/\/_astro\/[^"'\s)]+\.(?:js|css)/g)].map((m) => m[0]);
    expect(assets.length, "the home page names its /_astro/ files").toBeGreaterThan(0);
    for (const path of [
      ...new Set(assets),
      "/favicon.svg",
      "/images/default-category.svg",
      "/images/og-default.png",
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"], path).toContain("camera=()");
      expect(headers["x-frame-options"], path).toBe("DENY");
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["content-security-policy"], path).not.toMatch(/script-src[^;]*'unsafe/);
    }
  });
});

// docs/decisions/0073-odd-requests.md: requests no browser sends, read through a raw socket.
test.describe("odd requests", () => {
  const get = (target: string, host: string) =>
    rawRequest(PORT, [`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`]);

  test("a Host with credentials is a 400 (JSON on API addresses), not a 500", async () => {
    const page = await get("/", `${HOST}@evil.example`);
    expect(page.status).toBe(400);
    expect(page.body).toMatch(/Host/);
    const api = await get("/v2/products", `${HOST}@evil.example`);
    expect(api.status).toBe(400);
    expect(api.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(api.body).error).toMatch(/Host/);
  });

  test("an absolute-form target or a Host with a tab is refused, whatever the method", async () => {
    const absolute = await get("http://evil.example/admin", HOST);
    expect(absolute.status).toBe(400);
    expect(absolute.body).not.toContain("<html");
    const post = await rawRequest(PORT, [
      `POST http://evil.example/v2/carts HTTP/1.1\r\nHost: ${HOST}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    ]);
    expect(post.status).toBe(400);
    expect(JSON.parse(post.body).error).toMatch(/path/);
    const tab = await get("/no-such-page", `local\thost:${PORT}`);
    expect(tab.status).toBe(400);
  });

  test("two Host headers are a 400", async () => {
    const answer = await rawRequest(PORT, [
      `GET / HTTP/1.1\r\nHost: ${HOST}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
    ]);
    expect(answer.status).toBe(400);
  });

  test("a 413 on a chunked body closes the connection", async () => {
    const chunk = "x".repeat(16 * 1024);
    const piece = `${chunk.length.toString(16)}\r\n${chunk}\r\n`;
    const answer = await rawRequest(
      PORT,
      [
        `POST /v2/custom-order-email HTTP/1.1\r\nHost: ${HOST}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
        ...Array.from({ length: 8 }, () => piece),
        "0\r\n\r\n",
        `GET /healthz HTTP/1.1\r\nHost: ${HOST}\r\n\r\n`,
      ],
      { quietMs: 3000 },
    );
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(answer.closed).toBe(true);
  });
});
