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
import {
  NO_FILTERS,
  productsRequests,
  productsSearch,
  productsTotal,
  readProductsView,
} from "./products-admin";

const issues = (value: unknown) => {
  const result = productInput.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("the product form's rules (docs/product.md §5)", () => {
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
      "price: Base Price (₹) must have at most 2 decimals",
      "costPrice: Cost Price (₹): enter an amount in rupees, such as 1499 or 1499.50",
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

describe("the product list (docs/product.md §2, §9)", () => {
  it("keeps its filters and page in the address, and asks the server for one page", () => {
    const view = readProductsView("?q=ocean&category=tags&status=inactive&stock=low&page=2");
    expect(view).toEqual({
      q: "ocean",
      category: "tags",
      status: "inactive",
      stock: "low",
      page: 1,
    });
    expect(readProductsView(productsSearch(view))).toEqual(view);
    expect(readProductsView("?status=gone&stock=plenty&page=-1")).toEqual(NO_FILTERS);
    expect(productsRequests(view)).toEqual({
      page: "/v2/admin/allproducts?limit=50&offset=50&status=inactive&category=tags&q=ocean&stock=low",
      counts: "/v2/admin/product-counts?category=tags&q=ocean&stock=low",
    });
    expect(productsRequests(NO_FILTERS).counts).toBe("/v2/admin/product-counts");
  });
  it("counts out of stock as not active (the server's counts)", () => {
    const counts = { count: 3, active: 2, outOfStock: 1 };
    expect(productsTotal(NO_FILTERS, counts)).toBe(3);
    expect(productsTotal({ ...NO_FILTERS, status: "active" }, counts)).toBe(2);
    expect(productsTotal({ ...NO_FILTERS, status: "inactive" }, counts)).toBe(1);
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
