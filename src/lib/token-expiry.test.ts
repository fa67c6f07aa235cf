import { describe, expect, it } from "vitest";
import { tokenExpiresAt } from "./token-expiry";

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("tokenExpiresAt", () => {
  it("reads the exp claim of a JWT in milliseconds", () => {
    const token = `${part({ alg: "none" })}.${part({ exp: 1_790_000_000, sub: "ü-owner" })}.`;
    expect(tokenExpiresAt(token)).toBe(1_790_000_000_000);
  });

  it("answers null for a token without exp, or one that is not a JWT", () => {
    expect(tokenExpiresAt(`${part({})}.${part({ sub: "x" })}.`)).toBeNull();
    expect(tokenExpiresAt("not-a-token")).toBeNull();
    expect(tokenExpiresAt("a.%%%.c")).toBeNull();
  });
});
