import { describe, expect, it } from "vitest";
import { EMPTY_DISCOUNT, bodyOf, discountResolver, formValuesOf } from "./discount-form";
import { indiaInputToIso, isoToIndiaInput } from "./discounts-admin";

const resolve = (over: Partial<typeof EMPTY_DISCOUNT>) =>
  discountResolver({ ...EMPTY_DISCOUNT, ...over }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe("the discount code form", () => {
  it("reads India time both ways (the shop's dates are India's whatever the browser's zone)", () => {
    expect(indiaInputToIso("2026-11-27T00:00")).toBe("2026-11-26T18:30:00.000Z");
    expect(isoToIndiaInput("2026-11-26T18:30:00.000Z")).toBe("2026-11-27T00:00");
    expect(indiaInputToIso("")).toBeNull();
    expect(isoToIndiaInput(null)).toBe("");
  });

  it("turns the typed text into the body: rupees to paise, blanks to none", () => {
    const body = bodyOf({
      ...EMPTY_DISCOUNT,
      code: "diwali",
      percent: "12.5",
      maximumDiscount: "300",
      minimumOrder: "999.50",
      totalUses: "10",
      productIds: ["p1", "p2", "p3"],
      startsAt: "2026-11-27T00:00",
    });
    expect(body).toMatchObject({
      percent: 12.5,
      amount: 0,
      maximumDiscount: 30000,
      minimumOrder: 99950,
      totalUses: 10,
      usesPerShopper: null,
      productIds: ["p1", "p2", "p3"],
      startsAt: "2026-11-26T18:30:00.000Z",
      endsAt: null,
    });
    const fixed = bodyOf({ ...EMPTY_DISCOUNT, kind: "fixed", amount: "250", maximumDiscount: "9" });
    expect(fixed).toMatchObject({ percent: 0, amount: 25000, maximumDiscount: null });
  });

  it("puts each problem under its field, with the handler's sentence", async () => {
    const bad = await resolve({ code: "x", percent: "", minimumOrder: "12.345", totalUses: "0" });
    expect(bad.errors.code?.message).toBe("The code is 3-32 letters, digits, '-' or '_'.");
    expect(bad.errors.percent?.message).toBeTruthy();
    expect(bad.errors.minimumOrder?.message).toBeTruthy();
    expect(bad.errors.totalUses?.message).toBe("totalUses must be 1 or more");
    const ends = await resolve({
      code: "OK10",
      startsAt: "2026-12-01T00:00",
      endsAt: "2026-11-01T00:00",
    });
    expect(ends.errors.endsAt?.message).toBe("The end must be after the start.");
    expect((await resolve({ code: "GOOD10" })).errors).toEqual({});
  });

  it("an edited code shows its stored values again", () => {
    const values = formValuesOf({
      ...bodyOf({ ...EMPTY_DISCOUNT, code: "BACK", maximumDiscount: "300" }),
      code: "BACK",
      id: "c1",
      uses: 0,
      orders: 0,
      revenue: 0,
      createdAt: "2026-11-25T00:00:00.000Z",
    });
    expect(values).toMatchObject({ code: "BACK", percent: "10", maximumDiscount: "300.00" });
  });
});
