import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "./env";
import { securityHeaders } from "./security-headers.server";

const saved = process.env.PUBLIC_SITE_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.PUBLIC_SITE_URL;
  else process.env.PUBLIC_SITE_URL = saved;
  resetEnvForTests();
});

describe("security headers", () => {
  it("send HSTS only when the public site is https", () => {
    process.env.PUBLIC_SITE_URL = "http://localhost:4321";
    resetEnvForTests();
    expect(securityHeaders("text/html")).not.toHaveProperty("strict-transport-security");
    process.env.PUBLIC_SITE_URL = "https://shop.example";
    resetEnvForTests();
    expect(securityHeaders("text/html")["strict-transport-security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });

  it("give pages a policy for the shop's own hosts and JSON a policy that loads nothing", () => {
    const page = securityHeaders("text/html; charset=utf-8")["content-security-policy"]!;
    expect(page).toContain("default-src 'self'");
    expect(page).toContain("frame-ancestors 'none'");
    expect(page).toContain("object-src 'none'");
    expect(page).toMatch(/connect-src [^;]*https:\/\/identitytoolkit\.googleapis\.com/);
    expect(page).not.toContain("unsafe-eval");
    expect(securityHeaders("application/json")["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(securityHeaders("application/json")).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
    });
  });
});
