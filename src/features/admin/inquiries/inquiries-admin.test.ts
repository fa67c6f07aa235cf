import { describe, expect, it } from "vitest";
import { INQUIRY_STATUSES as TABLE_STATUSES } from "~/server/db/schema/inquiries";
import {
  canSetInquiryStatus,
  INQUIRY_STATUSES,
  manualTargets,
  statusChoices,
} from "./inquiries-admin";

describe("inquiry statuses", () => {
  it("are the table's", () => {
    expect([...INQUIRY_STATUSES]).toEqual([...TABLE_STATUSES]);
  });

  it("let the owner move freely among new, contacted and closed", () => {
    for (const from of ["new", "contacted", "closed"] as const) {
      for (const to of ["new", "contacted", "closed"])
        expect(canSetInquiryStatus(from, to), `${from} -> ${to}`).toBe(true);
      expect(canSetInquiryStatus(from, "quoted")).toBe(false);
      expect(canSetInquiryStatus(from, "paid")).toBe(false);
    }
  });

  it("leave quoted and paid to the quote flow: the owner can only close them", () => {
    expect(manualTargets("quoted")).toEqual(["closed"]);
    expect(manualTargets("paid")).toEqual(["closed"]);
    expect(canSetInquiryStatus("quoted", "new")).toBe(false);
    expect(canSetInquiryStatus("paid", "contacted")).toBe(false);
    expect(canSetInquiryStatus("paid", "closed")).toBe(true);
  });

  it("offer the current status first in the select", () => {
    expect(statusChoices("contacted")).toEqual(["contacted", "new", "closed"]);
    expect(statusChoices("quoted")).toEqual(["quoted", "closed"]);
  });
});
