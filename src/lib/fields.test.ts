import { describe, expect, it } from "vitest";
import type { z } from "zod/mini";
import {
  emailField,
  idParam,
  idempotencyKey,
  indianMobile,
  paise,
  requiredText,
  rupeesText,
} from "./fields";

const messageOf = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe("requiredText", () => {
  const name = requiredText("name", 10);
  it.each([
    ["", "empty"],
    ["   ", "spaces"],
    ["\u200B", "a zero-width space"],
    ["\u200C\u200D\u2060\uFEFF\u00AD", "joiners, a word joiner, a BOM and a soft hyphen"],
  ])("refuses %j (%s) as blank", (value) => {
    expect(messageOf(name, value)).toBe("name is required");
  });
  it("trims invisible edges and keeps the text", () => {
    expect(name.parse("\u200B Asha \uFEFF")).toBe("Asha");
  });
  it("bounds the length and uses the caller's texts", () => {
    expect(messageOf(name, "x".repeat(11))).toBe("name must be at most 10 characters");
    const city = requiredText("City", 5, { required: "City required", tooLong: "City: long" });
    expect(messageOf(city, "\u200B")).toBe("City required");
    expect(messageOf(city, undefined)).toBe("City required");
    expect(messageOf(city, "Bengaluru")).toBe("City: long");
  });
});

describe("emailField", () => {
  const email = emailField();
  it("is required, then well-formed", () => {
    expect(messageOf(email, " \u200B")).toBe("Email is required");
    expect(messageOf(email, "asha@")).toBe("Invalid email");
    expect(messageOf(email, `${"a".repeat(250)}@example.com`)).toBe("Invalid email");
    expect(email.parse(" asha@example.com ")).toBe("asha@example.com");
  });
});

describe("indianMobile", () => {
  const phone = indianMobile("enter a mobile number");
  it("takes a 10-digit number starting 6-9 however it is written", () => {
    expect(phone.parse("+91 98765-43210")).toBe("+91 98765-43210");
    expect(messageOf(phone, "12345 67890")).toBe("enter a mobile number");
    expect(messageOf(phone, "98765")).toBe("enter a mobile number");
  });
});

describe("paise", () => {
  it("is whole paise, 0 or more (or more than 0)", () => {
    expect(paise("price").parse(149950)).toBe(149950);
    expect(messageOf(paise("price"), 1.5)).toBe("price must have at most 2 decimals");
    expect(messageOf(paise("price"), -1)).toBe("price must be 0 or more");
    expect(messageOf(paise("price", 1), 0)).toBe("price must be more than 0");
    expect(messageOf(paise("price"), "1")).toBe("price must be a number");
  });
});

describe("idParam and idempotencyKey", () => {
  it("one id rule for every route", () => {
    expect(idParam().parse(" p-1 ")).toBe("p-1");
    expect(messageOf(idParam(), "\u200B")).toBe("id is required");
    expect(messageOf(idParam(), "x".repeat(121))).toBe("id must be at most 120 characters");
  });
  it("keys are 8-100 letters, digits, _ and -", () => {
    expect(idempotencyKey.parse("abcd-1234")).toBe("abcd-1234");
    expect(messageOf(idempotencyKey, "abc def gh")).toBe("use letters, digits, _ and - only");
  });
});

describe("rupeesText (the one rupee parser, for text)", () => {
  it('reads "1499.5" and "1499.50" alike, and "1499"', () => {
    expect(rupeesText("max").parse("1499.5")).toBe(149950);
    expect(rupeesText("max").parse("1499.50")).toBe(149950);
    expect(rupeesText("max").parse(" 1499 ")).toBe(149900);
  });
  it.each(["abc", "1.005", "-5", "", "10000000"])("refuses %j with a sentence", (text) => {
    expect(messageOf(rupeesText("max"), text)).toBe(
      "max must be an amount in rupees, such as 499 or 499.50",
    );
  });
});
