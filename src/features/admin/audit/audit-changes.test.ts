import { describe, expect, it } from "vitest";
import { auditChanges, fieldLabel } from "./audit-changes";

describe("an audit row's change in words", () => {
  it("names fields in words, shows paise as rupees and times in India time, and skips what did not change", () => {
    expect(fieldLabel("promisedDispatchAt")).toBe("Promised dispatch at");
    expect(fieldLabel("pricePaise")).toBe("Price");
    expect(
      auditChanges(
        { status: "draft", pricePaise: 450050, title: "Block" },
        {
          status: "sent",
          pricePaise: 480000,
          title: "Block",
          expiresAt: "2026-12-01T18:29:59.999Z",
        },
      ),
    ).toEqual([
      { field: "Status", from: "draft", to: "sent" },
      { field: "Price", from: "₹4,500.50", to: "₹4,800.00" },
      { field: "Expires at", from: "", to: expect.stringContaining("2026") },
    ]);
  });

  it("sums up lists and objects instead of printing JSON", () => {
    const changes = auditChanges(null, {
      photos: ["/media/a.webp", "/media/b.webp"],
      variants: [{ id: 1 }, { id: 2 }, { id: 3 }],
      onHome: true,
    });
    expect(changes.map((c) => `${c.field}: ${c.to}`)).toEqual([
      "Photos: /media/a.webp, /media/b.webp",
      "Variants: 3 items",
      "On home: yes",
    ]);
    for (const change of changes) expect(change.to).not.toMatch(/[{}[\]"]/);
  });
});
