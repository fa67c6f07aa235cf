import { describe, expect, it } from "vitest";
import {
  checkInquiry,
  EMPTY_INQUIRY,
  INQUIRY_LIMITS,
  INQUIRY_TOASTS,
  inquirySchema,
} from "./inquiry";

const valid = {
  name: "Asha Verma",
  email: "asha@example.com",
  productType: "Varmala preservation",
};

describe("inquirySchema", () => {
  it("accepts the three required fields alone", () => {
    expect(inquirySchema.parse(valid)).toEqual(valid);
  });

  it("accepts every field and trims them", () => {
    const parsed = inquirySchema.parse({
      name: "  Asha ",
      email: " asha@example.com ",
      productType: "Wall art",
      colors: "teal, gold",
      size: "12 x 18 in",
      budget: "",
      description: "Ocean waves",
    });
    expect(parsed).toMatchObject({
      name: "Asha",
      email: "asha@example.com",
      budget: "",
      colors: "teal, gold",
    });
  });

  it("takes a needed-by date only when it is a real day", () => {
    expect(inquirySchema.parse({ ...valid, neededBy: "2028-02-29" }).neededBy).toBe("2028-02-29");
    expect(inquirySchema.parse({ ...valid, neededBy: "" }).neededBy).toBe("");
    for (const neededBy of ["2026-02-30", "2026-13-01", "25/12/2026"])
      expect(inquirySchema.safeParse({ ...valid, neededBy }).success).toBe(false);
  });

  it.each(["name", "email", "productType"] as const)("requires %s", (field) => {
    expect(inquirySchema.safeParse({ ...valid, [field]: "" }).success).toBe(false);
    expect(inquirySchema.safeParse({ ...valid, [field]: "   " }).success).toBe(false);
    const { [field]: _omitted, ...rest } = valid;
    expect(inquirySchema.safeParse(rest).success).toBe(false);
  });

  it.each(["asha", "asha@", "@example.com", "asha example@x.com"])(
    "rejects the malformed email %s",
    (email) => {
      expect(inquirySchema.safeParse({ ...valid, email }).success).toBe(false);
    },
  );

  it("bounds every field's length", () => {
    for (const [field, max] of Object.entries(INQUIRY_LIMITS)) {
      if (field === "email" || field === "phone") continue; // formats, checked on their own
      expect(inquirySchema.safeParse({ ...valid, [field]: "x".repeat(max) }).success, field).toBe(
        true,
      );
      expect(
        inquirySchema.safeParse({ ...valid, [field]: "x".repeat(max + 1) }).success,
        field,
      ).toBe(false);
    }
    const longEmail = `${"a".repeat(250)}@example.com`;
    expect(inquirySchema.safeParse({ ...valid, email: longEmail }).success).toBe(false);
  });

  it("rejects non-string values", () => {
    expect(inquirySchema.safeParse({ ...valid, budget: 5000 }).success).toBe(false);
    expect(inquirySchema.safeParse(null).success).toBe(false);
  });
});

describe("checkInquiry", () => {
  it("gives the spec's Mandatory Fields toast when a required field is blank", () => {
    for (const field of ["name", "email", "productType"] as const) {
      const result = checkInquiry({ ...EMPTY_INQUIRY, ...valid, [field]: " " });
      expect(result).toEqual({
        ok: false,
        title: "Mandatory Fields",
        message: "Fill out Name, Email and Product Type",
      });
    }
  });

  it("explains a malformed email", () => {
    const result = checkInquiry({ ...EMPTY_INQUIRY, ...valid, email: "asha" });
    expect(result).toEqual({ ok: false, title: "Invalid details", message: "Invalid email" });
  });

  it("returns the parsed inquiry when valid", () => {
    const result = checkInquiry({ ...EMPTY_INQUIRY, ...valid, budget: "₹5,000" });
    expect(result.ok && result.inquiry.budget).toBe("₹5,000");
  });

  it("keeps the spec's texts verbatim", () => {
    expect(INQUIRY_TOASTS.sent).toEqual({
      type: "success",
      title: "Query Recieved",
      message: "Will reach out to you ASAP!",
    });
  });
});
