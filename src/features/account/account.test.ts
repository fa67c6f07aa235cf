/**
 * Accounts: birth dates, redirects after login, the user cookie, the guards' decisions, and the
 * session code's imports. The forms' schemas are tested in account.schema.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  isValidBirthDate,
  loginUrl,
  newAddressFor,
  parseUserCookie,
  safeRedirect,
  type User,
} from "./account";
import { decide } from "./auth-gate";
import { encodeUserCookie } from "./session-store";
import { normalizePath } from "./session-middleware.server";
import { modulesImporting } from "../../../tests/helpers/imports";

const USER: User = {
  uid: "u1",
  firstName: "Asha",
  lastName: "Verma",
  displayName: "Asha Verma",
  email: "asha@example.com",
  phone: "9876543210",
  dateOfBirth: "1994-06-15",
  gender: "female",
  role: "customer",
  addresses: [],
  cartId: "c1",
};

describe("birth dates", () => {
  const today = new Date("2025-03-10T12:00:00Z");
  it.each([
    ["1994-06-15", true],
    ["2000-02-29", true],
    ["2001-02-29", false],
    ["1994-13-01", false],
    ["1899-12-31", false],
    ["2025-03-10", true],
    ["2025-03-12", false],
    ["1994-6-15", false],
    ["", false],
  ])("%s -> %s", (value, ok) => {
    expect(isValidBirthDate(value, today)).toBe(ok);
  });
});

describe("redirects after login", () => {
  it.each([
    ["/admin/order/o1?tab=2", "/admin/order/o1?tab=2"],
    ["/my-profile", "/my-profile"],
    [null, "/"],
    ["", "/"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
    ["/login?redirect=/admin", "/"],
    ["/join-resintales", "/"],
    // Inputs that look same-site but normalise to another host ("//evil.com").
    ["/.//evil.com", "/"],
    ["/..//evil.com", "/"],
    ["/%2e//evil.com", "/"],
    ["/%2E%2E//evil.com", "/"],
    ["/a/../\\evil.com", "/"],
    ["/a/..//evil.com/x?y=1", "/"],
    ["/./\\evil.com", "/"],
    ["/\t/evil.com", "/"],
    // Dot segments that stay on this site are fine.
    ["/a/../my-profile", "/my-profile"],
    ["/./my-orders", "/my-orders"],
  ])("%s -> %s", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it("never answers a path a browser would read as another host", () => {
    const tricky = [
      "/.//evil.com",
      "/..//evil.com",
      "/%2e//evil.com",
      "/a/../\\evil.com",
      "/%2e%2e/%2e%2e//evil.com",
      "/a/b/../..//evil.com",
    ];
    for (const target of tricky) {
      const out = safeRedirect(target);
      expect(out.startsWith("//") || out.startsWith("/\\"), `${target} -> ${out}`).toBe(false);
      expect(new URL(out, "https://shop.example").host, target).toBe("shop.example");
    }
    expect(loginUrl("/.//evil.com")).toBe("/login");
  });

  it("loginUrl carries the requested location", () => {
    expect(loginUrl("/admin?x=1")).toBe("/login?redirect=%2Fadmin%3Fx%3D1");
    expect(loginUrl("/")).toBe("/login");
  });
});

describe("the user cookie", () => {
  it("round-trips a user", () => {
    expect(parseUserCookie(encodeUserCookie(USER))).toEqual(USER);
  });

  it("keeps text with % and unicode", () => {
    const user = { ...USER, firstName: "Ānanya 100%" };
    expect(parseUserCookie(encodeUserCookie(user))?.firstName).toBe("Ānanya 100%");
  });

  it.each([
    undefined,
    "",
    "%",
    "%7Bnope",
    encodeURIComponent("null"),
    encodeURIComponent("[]"),
    encodeURIComponent('{"firstName":"x"}'),
  ])("is discarded when empty or unreadable: %s", (raw) => {
    expect(parseUserCookie(raw)).toBeNull();
  });

  it("never reads a role other than tm_admin or customer", () => {
    expect(
      parseUserCookie(encodeURIComponent(JSON.stringify({ ...USER, role: "root" })))?.role,
    ).toBe("customer");
  });

  it("leaves the addresses out when they would not fit in a cookie", () => {
    const address = {
      ...newAddressFor(USER),
      id: "1",
      address1: "x".repeat(200),
      address2: "y".repeat(200),
    };
    const big = {
      ...USER,
      addresses: Array.from({ length: 20 }, (_, i) => ({ ...address, id: String(i) })),
    };
    const encoded = encodeUserCookie(big);
    expect(encoded.length).toBeLessThan(4000);
    expect(parseUserCookie(encoded)).toEqual({ ...big, addresses: [] });
  });
});

describe("guards", () => {
  it("client gate decisions", () => {
    expect(decide("user", false, undefined)).toBe("login");
    expect(decide("admin", false, undefined)).toBe("login");
    expect(decide("admin", true, "customer")).toBe("unauthorized");
    expect(decide("admin", true, "tm_admin")).toBe("show");
    expect(decide("user", true, "customer")).toBe("show");
  });

  it("the middleware compares decoded, collapsed, lower-case paths", () => {
    expect(normalizePath("/%61dmin/")).toBe("/admin");
    expect(normalizePath("//Admin//orders")).toBe("/admin/orders");
    expect(normalizePath("/")).toBe("/");
    expect(normalizePath("/%E0%A4")).toBe("/%e0%a4");
  });
});

describe("the browser's session code stays free of zod and of the Firebase SDK", () => {
  // Static imports only: the dynamic imports (the Firebase SDK among them) load later, on demand.
  it.each(["src/features/account/user-menu.ts", "src/features/account/session-store.ts"])(
    "%s (loaded on every page by the nav)",
    (entry) => {
      expect(modulesImporting(entry, "zod", { includeDynamic: false })).toEqual([]);
      expect(modulesImporting(entry, "firebase", { includeDynamic: false })).toEqual([]);
    },
  );
});
