/**
 * The admin gate's inline check (docs/decisions/0153-admin-first-rows-as-html.md) decides as
 * runAuthGates does (auth-gate.ts decide, account.ts loginUrl), from the same cookies.
 */
import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { ADMIN_ROLE } from "~/lib/roles";
import { loginUrl } from "./account";
import { decide } from "./auth-gate";
import { ADMIN_GATE_NOW, ADMIN_GATE_NOW_HASH } from "./auth-gate-inline.server";

function run(cookie: string, kind = "admin") {
  const checking = { remove: vi.fn() };
  const content = { hidden: true };
  const gate = {
    dataset: { authGate: kind },
    querySelector: (selector: string) =>
      selector === "[data-auth-checking]"
        ? checking
        : selector === "[data-auth-content]"
          ? content
          : null,
  };
  const replace = vi.fn();
  const location = { pathname: "/admin/orders/o-1", search: "?status=shipped", replace };
  const document = { cookie, currentScript: { previousElementSibling: gate } };
  new Function("document", "location", ADMIN_GATE_NOW)(document, location);
  return {
    shown: !content.hidden && checking.remove.mock.calls.length === 1,
    went: replace.mock.calls[0]?.[0],
  };
}

const user = (role: string) =>
  `user=${encodeURIComponent(JSON.stringify({ uid: "u1", email: "a@b.in", role }))}`;

describe("the admin gate's inline check", () => {
  it("shows the content for an admin's session", () => {
    expect(decide("admin", true, ADMIN_ROLE)).toBe("show");
    expect(run(`theme=x; token=t1; ${user(ADMIN_ROLE)}`)).toEqual({ shown: true, went: undefined });
  });

  it("sends a shopper to /unauthorized, the content still hidden", () => {
    expect(decide("admin", true, "customer")).toBe("unauthorized");
    expect(run(`token=t1; ${user("customer")}`)).toEqual({ shown: false, went: "/unauthorized" });
  });

  it("sends a visitor without a session to /login with the location", () => {
    const login = loginUrl("/admin/orders/o-1?status=shipped");
    expect(decide("admin", false, undefined)).toBe("login");
    for (const cookie of [
      "",
      "token=t1",
      user(ADMIN_ROLE),
      "token=; user=%7B",
      "token=t1; user=%7B%7D",
    ])
      expect(run(cookie)).toEqual({ shown: false, went: login });
  });

  it("leaves a user gate alone, and its CSP hash is the script's", () => {
    expect(run("", "user")).toEqual({ shown: false, went: undefined });
    const hash = createHash("sha256").update(ADMIN_GATE_NOW).digest("base64");
    expect(ADMIN_GATE_NOW_HASH).toBe(`sha256-${hash}`);
  });
});
