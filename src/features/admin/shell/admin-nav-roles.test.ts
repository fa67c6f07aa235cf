/**
 * The portal shows a team member only their screens (docs/decisions/0253-team-roles.md): the
 * navigation per role, the screens the page lets them open, and each such screen's first API call
 * allowed to them by the one permission table (so a screen never opens only to be refused).
 */
import { describe, expect, it } from "vitest";
import { mayCall } from "~/lib/permissions";
import {
  ADMIN_NAV,
  type AdminScreen,
  navFor,
  SCREEN_MEMBERS,
  SCREEN_TITLES,
  screenAllowed,
} from "./admin-routes";

/** The API route each member's screen reads first. */
const FIRST_CALL: Partial<Record<AdminScreen, string>> = {
  orders: "GET /v2/admin/allorders",
  order: "GET /v2/admin/order/[id]",
  inquiries: "GET /v2/admin/inquiries",
  inquiry: "GET /v2/admin/inquiries/[id]/quotes",
  reports: "GET /v2/admin/reports/sales",
  claims: "GET /v2/admin/claims",
  "gst-summary": "GET /v2/admin/reports/gst",
};

const labels = (role: string) => navFor(role).map((link) => link.label);

describe("the portal per role", () => {
  it("shows each role only its screens in the navigation", () => {
    expect(labels("tm_admin")).toEqual(ADMIN_NAV.map((link) => link.label));
    expect(labels("studio")).toEqual(["All Orders", "Inquiries", "Claims", "User Home"]);
    expect(labels("accountant")).toEqual(["All Orders", "Claims", "Reports", "User Home"]);
    expect(labels("customer")).toEqual(["User Home"]);
  });

  it("opens a screen only for its roles; the owner opens all", () => {
    for (const screen of Object.keys(SCREEN_TITLES) as AdminScreen[]) {
      expect(screenAllowed("tm_admin", screen)).toBe(true);
      expect(screenAllowed("customer", screen)).toBe(false);
    }
    expect(screenAllowed("studio", "settings")).toBe(false);
    expect(screenAllowed("accountant", "inquiries")).toBe(false);
    expect(screenAllowed("accountant", "reports")).toBe(true);
  });

  it("lets a member call the first API route of every screen they open", () => {
    for (const [screen, roles] of Object.entries(SCREEN_MEMBERS))
      for (const role of roles ?? []) {
        const call = FIRST_CALL[screen as AdminScreen];
        expect(call, `${screen}: name its first call here`).toBeDefined();
        expect(mayCall(role, call ?? null), `${role} on ${screen}`).toBe(true);
      }
  });
});
