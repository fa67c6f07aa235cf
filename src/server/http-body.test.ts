/**
 * parseJsonBody's refusals of a NUL character and half a surrogate pair, in every form a body can
 * carry them, around its fast path (a body with no `\u` escape and no lone surrogate skips the walks).
 */
import { describe, expect, it } from "vitest";
import { HttpError } from "./http-error";
import { parseJsonBody } from "./http-body";

function refusal(text: string): string | null {
  try {
    parseJsonBody(text);
    return null;
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) return error.message;
    throw error;
  }
}

describe("parseJsonBody", () => {
  it("refuses a NUL character written as an escape, in a value or a key, naming the field", () => {
    expect(refusal('{"note":"a\\u0000b"}')).toBe(
      "note: must not contain a NUL character (\\u0000).",
    );
    expect(refusal('{"lines":[{"a\\u0000":1}]}')).toMatch(/^lines\.0\.a/);
  });

  it("refuses half a surrogate pair, escaped or in the text itself", () => {
    expect(refusal('{"name":"\\ud800"}')).toMatch(/^name: is not valid text/);
    expect(refusal('{"name":"\\uDC00x"}')).toMatch(/^name: is not valid text/);
    expect(refusal(`{"name":"${"\ud800"}"}`)).toMatch(/^name: is not valid text/);
  });

  it("takes ordinary bodies, whole surrogate pairs and an escaped backslash before u0000", () => {
    expect(parseJsonBody('{"productId":"p1","quantity":2,"price":1499.5}')).toEqual({
      productId: "p1",
      quantity: 2,
      price: 149950,
    });
    expect(parseJsonBody('{"note":"🌊 \\ud83c\\udf0a"}')).toEqual({ note: "🌊 🌊" });
    expect(parseJsonBody('{"note":"\\\\u0000"}')).toEqual({ note: "\\u0000" });
    expect(refusal('{"price":1.005}')).toMatch(/^price: must have at most 2 decimals/);
    expect(refusal("{")).toBe("The request body is not valid JSON.");
  });
});
