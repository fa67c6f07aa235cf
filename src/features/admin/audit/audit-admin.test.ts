/** The audit screen's view in the address (docs/decisions/0110): read back what was written, drop junk. */
import { describe, expect, it } from "vitest";
import { auditSearch, readAuditView } from "./audit-admin";

describe("the audit view in the address", () => {
  it("round-trips every filter and the page (1-based in the address)", () => {
    const view = {
      who: "owner@",
      entity: "order",
      action: "order.",
      from: "2026-01-01",
      to: "2026-01-31",
      page: 2,
    };
    const search = auditSearch(view);
    expect(search).toBe(
      "?who=owner%40&entity=order&action=order.&from=2026-01-01&to=2026-01-31&page=3",
    );
    expect(readAuditView(search)).toEqual(view);
  });

  it("an empty view is no query; malformed days and pages fall back", () => {
    expect(auditSearch(readAuditView(""))).toBe("");
    expect(readAuditView("?from=yesterday&to=2026-13&page=-4")).toMatchObject({
      from: "",
      to: "",
      page: 0,
    });
    expect(readAuditView(`?who=${"x".repeat(500)}`).who).toHaveLength(200);
  });
});
