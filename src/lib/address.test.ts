import { describe, expect, it } from "vitest";
import { isPinCode, orderAddressOf, personName } from "./address";
import { postalAddressSchema } from "./address.schema";
import { INDIAN_STATES, editableState, findIndianState, gstStateCode } from "./india-states";

describe("India's states and union territories (GST state codes)", () => {
  it("lists 28 states and 8 union territories, each code once", () => {
    expect(INDIAN_STATES.filter((s) => s.kind === "state")).toHaveLength(28);
    expect(INDIAN_STATES.filter((s) => s.kind === "union territory")).toHaveLength(8);
    const codes = INDIAN_STATES.map((s) => s.gstCode);
    expect(new Set(codes).size).toBe(36);
    for (const code of codes) expect(code).toMatch(/^\d{2}$/);
  });

  it("knows the codes the invoices need", () => {
    expect(gstStateCode("Rajasthan")).toBe("08");
    expect(gstStateCode("Maharashtra")).toBe("27");
    expect(gstStateCode("Andhra Pradesh")).toBe("37");
    expect(gstStateCode("Telangana")).toBe("36");
    expect(gstStateCode("Ladakh")).toBe("38");
    expect(gstStateCode("Dadra and Nagar Haveli and Daman and Diu")).toBe("26");
    expect(gstStateCode("Orissa")).toBe("");
  });

  it("forgives case, spacing and '&' but nothing else", () => {
    expect(findIndianState("  tamil   nadu ")?.name).toBe("Tamil Nadu");
    expect(findIndianState("Jammu & Kashmir")?.name).toBe("Jammu and Kashmir");
    expect(findIndianState("MH")).toBeUndefined();
  });
});

describe("the one address schema (decision 0060)", () => {
  const typed = { address1: "4 Lake Road", city: "Pune", state: "Maharashtra", zipCode: "411001" };
  const issues = (input: unknown) =>
    postalAddressSchema
      .safeParse(input)
      .error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

  it("fills the defaults: line 2 empty, India", () => {
    expect(postalAddressSchema.parse(typed)).toEqual({ ...typed, address2: "", country: "India" });
  });

  it("a PIN code is six digits not starting with 0 (spaces taken out)", () => {
    expect(isPinCode("110001")).toBe(true);
    expect(isPinCode("011001")).toBe(false);
    expect(postalAddressSchema.parse({ ...typed, zipCode: "411 001" }).zipCode).toBe("411001");
    for (const bad of ["011001", "41100", "4110011", "41100a", "４１１００１"])
      expect(issues({ ...typed, zipCode: bad }), bad).toEqual([
        "zipCode: ZIP code must be a 6-digit PIN code that does not start with 0",
      ]);
    expect(issues({ ...typed, zipCode: " " })).toEqual(["zipCode: ZIP code required"]);
  });

  it("the state is one of the list, stored under its spelling", () => {
    expect(postalAddressSchema.parse({ ...typed, state: "delhi" }).state).toBe("Delhi");
    expect(issues({ ...typed, state: "Orissa" })).toEqual([
      "state: State: choose one of India's states or union territories",
    ]);
    expect(issues({ ...typed, state: "" })).toEqual(["state: State required"]);
  });

  it("the country is India", () => {
    expect(postalAddressSchema.parse({ ...typed, country: "india" }).country).toBe("India");
    expect(issues({ ...typed, country: "USA" })).toEqual([
      "country: Country: we deliver within India only",
    ]);
  });

  it("a stored state off the list reads as it is, and shows unchosen in the editor", () => {
    expect(editableState("Orissa")).toBe("");
    expect(editableState("west bengal")).toBe("West Bengal");
    const saved = { id: "1", type: "Home", ...typed, address2: "", country: "India" };
    expect(orderAddressOf({ ...saved, state: "Orissa" }).state).toBe("Orissa");
  });

  it("splits a full name for an order's name block", () => {
    expect(personName(" Meera  Devi Iyer ", "9876543210", "m@example.com")).toEqual({
      firstName: "Meera",
      lastName: "Devi Iyer",
      phone: "9876543210",
      email: "m@example.com",
    });
  });
});
