import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { buyerGstinField } from "./buyer-gstin";
import { gstinCheckChar, gstinProblem, normalizeGstin, panOfGstin } from "./gstin";

describe("GSTIN", () => {
  it("computes the published check digit of a real GSTIN", () => {
    // The example GSTIN of the GST portal's documentation and many validators.
    expect(gstinCheckChar("27AAPFU0939F1Z")).toBe("V");
    expect(gstinProblem("27AAPFU0939F1ZV")).toBeNull();
  });

  it("refuses a wrong check digit, a typo anywhere, a bad format or length", () => {
    expect(gstinProblem("27AAPFU0939F1ZA")).toMatch(/check digit/);
    expect(gstinProblem("27AAPFU0939F2ZV")).toMatch(/check digit/);
    expect(gstinProblem("27AAPFU0939F1Z")).toMatch(/15 characters/);
    expect(gstinProblem("2AAAPFU0939F1ZV")).toMatch(/state code/);
  });

  it("refuses a state code that is no state, or not the address's state", () => {
    const first = "99AAPFU0939F1Z";
    expect(gstinProblem(first + gstinCheckChar(first))).toMatch(/99 is not/);
    expect(gstinProblem("27AAPFU0939F1ZV", "29")).toMatch(/GST code 29/);
    expect(gstinProblem("27AAPFU0939F1ZV", "27")).toBeNull();
  });

  it("normalises typing and finds the PAN inside", () => {
    expect(normalizeGstin(" 27aapfu0939f1zv ")).toBe("27AAPFU0939F1ZV");
    expect(panOfGstin("27AAPFU0939F1ZV")).toBe("AAPFU0939F");
  });
});

describe("the buyer's GSTIN field", () => {
  it("takes blank or a valid GSTIN (normalised), and refuses others with the reason", () => {
    expect(z.parse(buyerGstinField, "")).toBe("");
    expect(z.parse(buyerGstinField, "27aapfu0939f1zv ")).toBe("27AAPFU0939F1ZV");
    const bad = z.safeParse(buyerGstinField, "27AAPFU0939F1ZA");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/check digit/);
  });
});
