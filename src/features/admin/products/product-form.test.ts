import { describe, expect, it } from "vitest";
import {
  addAttribute,
  addImage,
  addTag,
  addVariant,
  emptyProduct,
  paiseToField,
  removeImage,
  rupeesFieldToPaise,
  setPrimary,
  toFormValues,
} from "./product-form";
import { productInput } from "./product.schema";
import { categoriesOf, filterProducts, NO_FILTERS, productCounts } from "./products-admin";

const issues = (value: unknown) => {
  const result = productInput.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("the product form's rules (SPEC §5)", () => {
  it("adds a variant or an attribute only when name and value are filled", () => {
    expect(addVariant([], { name: "Size", value: " ", price: 100 })).toBeNull();
    expect(addVariant([], { name: "", value: "A4", price: 100 })).toBeNull();
    expect(addVariant([], { name: " Size ", value: "A4", price: 30000 })).toEqual([
      { name: "Size", value: "A4", price: 30000 },
    ]);
    expect(addVariant([], { name: "Size", value: "A4", price: Number.NaN })).toEqual([
      { name: "Size", value: "A4", price: 0 },
    ]);
    expect(addAttribute([], { name: "Material", value: "" })).toBeNull();
    expect(
      addAttribute([{ name: "A", value: "1" }], { name: "Material", value: "Resin" }),
    ).toHaveLength(2);
  });

  it("adds a tag only when non-blank and not a duplicate", () => {
    expect(addTag([], "   ")).toBeNull();
    expect(addTag(["Ocean"], "ocean")).toBeNull();
    expect(addTag(["Ocean"], " blue ")).toEqual(["Ocean", "blue"]);
  });

  it("reads rupee fields into paise so the shared schema refuses what the server would", () => {
    expect(rupeesFieldToPaise("1499.5")).toBe(149950);
    expect(rupeesFieldToPaise("1.15")).toBe(115);
    expect(rupeesFieldToPaise("")).toBeNaN();
    expect(rupeesFieldToPaise("abc")).toBeNaN();
    expect(Number.isInteger(rupeesFieldToPaise("10.005"))).toBe(false);
    expect(rupeesFieldToPaise("-5")).toBe(-500);
    expect(paiseToField(149950)).toBe("1499.50");
    expect(paiseToField(Number.NaN)).toBe("");
    const body = {
      ...emptyProduct("frames", "SKU-1"),
      name: "Frame",
      price: rupeesFieldToPaise("10.005"),
      comparePrice: 0,
      costPrice: rupeesFieldToPaise(""),
      weight: 0.5,
      images: addImage([], "/images/a.webp"),
    };
    expect(issues(body)).toEqual([
      "price: price must have at most 2 decimals",
      "costPrice: costPrice must be a number",
    ]);
  });

  it("keeps exactly one primary image", () => {
    let images = addImage(addImage([], "/images/a.webp", "A"), "/images/b.webp", "B");
    expect(images.map((i) => i.isPrimary)).toEqual([true, false]);
    images = setPrimary(images, 1);
    expect(images.map((i) => i.isPrimary)).toEqual([false, true]);
    expect(removeImage(images, 1)).toEqual([{ url: "/images/a.webp", alt: "A", isPrimary: true }]);
    expect(
      issues({
        ...emptyProduct("frames", "S"),
        name: "N",
        price: 1,
        comparePrice: 1,
        costPrice: 1,
        weight: 1,
      }),
    ).toEqual(["images: Please Upload an Image"]);
  });

  it("turns an answered product back into a body the schema accepts", () => {
    const values = toFormValues({
      id: "p1",
      name: "Frame",
      description: "",
      price: 100,
      comparePrice: 200,
      costPrice: 50,
      currency: "INR",
      category: { id: "frames", name: "Frames", slug: "frames" },
      variants: [{ id: "v", name: "Size", value: "A4", price: 10, images: [] }],
      attributes: [],
      tags: ["a"],
      weight: 0.25,
      processingDays: 12,
      status: "inactive",
      rating: 0,
      reviewCount: 0,
      images: [{ id: "i", url: "/images/a.webp", alt: "A", isPrimary: true }],
      sku: "S1",
      sale: false,
      createdAt: "",
      updatedAt: "",
    });
    expect(issues(values)).toEqual([]);
    expect(values).toMatchObject({
      categoryId: "frames",
      status: "inactive",
      variants: [{ name: "Size", value: "A4", price: 10 }],
    });
  });
});

describe("the product list (SPEC §2, §9)", () => {
  const list = [
    {
      name: "Ocean Frame",
      status: "active" as const,
      category: { id: "frames", name: "Frames", slug: "frames" },
    },
    {
      name: "Rose Tag",
      status: "inactive" as const,
      category: { id: "tags", name: "", slug: "tags" },
    },
    {
      name: "Ocean Tag",
      status: "active" as const,
      category: { id: "tags", name: "", slug: "tags" },
    },
  ];
  it("counts out of stock as not active", () => {
    expect(productCounts(list)).toEqual({ count: 3, active: 2, outOfStock: 1 });
  });
  it("filters by name (case-insensitive), category and status", () => {
    expect(filterProducts(list, { ...NO_FILTERS, name: "OCEAN" }).map((p) => p.name)).toEqual([
      "Ocean Frame",
      "Ocean Tag",
    ]);
    expect(
      filterProducts(list, { ...NO_FILTERS, category: "tags", status: "active" }).map(
        (p) => p.name,
      ),
    ).toEqual(["Ocean Tag"]);
    expect(filterProducts(list, { ...NO_FILTERS, status: "inactive" }).map((p) => p.name)).toEqual([
      "Rose Tag",
    ]);
    expect(categoriesOf(list)).toEqual([
      { id: "frames", label: "Frames" },
      { id: "tags", label: "tags" },
    ]);
  });
});

describe("a 400 on the form (decision 0017)", () => {
  it("puts each 'field: message' under its field and the rest apart", async () => {
    const { splitServerMessage } = await import("./product-form");
    expect(
      splitServerMessage(
        "sku: another product already uses the sku X; variants.0.value: variant value is required; Send the body as JSON",
      ),
    ).toEqual([
      { field: "sku", message: "another product already uses the sku X" },
      { field: "variants", message: "variant value is required" },
      { field: null, message: "Send the body as JSON" },
    ]);
    expect(splitServerMessage("")).toEqual([]);
  });
});
