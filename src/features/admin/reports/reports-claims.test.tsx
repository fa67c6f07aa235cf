/**
 * The Reports screen lists the claims report as its own section (docs/decisions/0270-claims-on-reports.md)
 * for the months of the chosen period, only to the roles the permission table lets read
 * GET /v2/admin/reports/claims (src/lib/permissions.ts): the owner and the accountant.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { $user } from "~/features/account/session-state";
import type { User } from "~/features/account/account";
import type { Role } from "~/lib/roles";
import { mayRequest } from "~/lib/permissions";
import ReportsScreen from "./ReportsScreen";
import { monthsOf } from "./reports-view";

const asRole = (role: Role) => {
  $user.set({ uid: `u-${role}`, role } as User);
  return renderToStaticMarkup(<ReportsScreen />);
};

describe("the claims section on the Reports screen", () => {
  afterEach(() => $user.set(null));

  it("is shown to the owner and the accountant, with its heading and figures' place", () => {
    for (const role of ["tm_admin", "accountant"] as const) {
      const html = asRole(role);
      expect(html, role).toContain("data-claims-section");
      expect(html, role).toContain("Claims by month");
      expect(html, role).toContain("Loading the claims report");
    }
  });

  it("is not drawn for a role the permission table refuses", () => {
    for (const role of ["studio", "customer"] as const) {
      expect(mayRequest(role, "GET", "/v2/admin/reports/claims")).toBe(false);
      expect(asRole(role)).not.toContain("data-claims-section");
    }
  });

  it("reads the months the period touches", () => {
    expect(monthsOf({ from: "2026-09-15", to: "2026-11-02" })).toEqual({
      from: "2026-09",
      to: "2026-11",
    });
  });
});
