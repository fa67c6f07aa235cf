import { describe, expect, it } from "vitest";
import { isAdmin, toRole } from "./roles";

describe("roles", () => {
  it("only tm_admin is an admin", () => {
    expect(isAdmin({ role: "tm_admin" })).toBe(true);
    expect(isAdmin({ role: "customer" })).toBe(false);
    expect(isAdmin({ role: "TM_ADMIN" })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
  it("maps unknown stored roles to customer", () => {
    expect(toRole("tm_admin")).toBe("tm_admin");
    expect(toRole("owner")).toBe("customer");
    expect(toRole(null)).toBe("customer");
  });
});
