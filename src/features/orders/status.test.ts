import { describe, expect, it } from "vitest";
import { normaliseStatus, statusLabel, visibleTimeline } from "./status";

describe("order status labels (docs/product.md §4)", () => {
  it("labels the known statuses", () => {
    expect(statusLabel("processing")).toBe("Processing");
    expect(statusLabel("delivered")).toBe("Delivered");
    expect(statusLabel("cancelled", "admin")).toBe("Cancelled");
  });

  it("shows pending to the admin as 'Waiting Payments'", () => {
    expect(statusLabel("pending", "admin")).toBe("Waiting Payments");
    expect(statusLabel("pending")).toBe("Pending");
  });

  it("labels a missing or unknown status 'Unknown' but treats unknown strings as pending", () => {
    expect(statusLabel(undefined)).toBe("Unknown");
    expect(statusLabel("")).toBe("Unknown");
    expect(statusLabel("refunded")).toBe("Unknown");
    expect(normaliseStatus("refunded")).toBe("pending");
    expect(normaliseStatus("shipped")).toBe("shipped");
  });

  it("shows the timeline in order and stops at the first missing timestamp", () => {
    const t = {
      pending: "2026-01-01T10:00:00Z",
      processing: "2026-01-02T10:00:00Z",
      delivered: "2026-01-05T10:00:00Z",
    };
    expect(visibleTimeline(t).map((e) => e.status)).toEqual(["pending", "processing"]);
  });
});
