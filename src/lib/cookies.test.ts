import { describe, expect, it } from "vitest";
import { hasSessionCookie, readCookie } from "./cookies";

describe("readCookie", () => {
  it("answers the stored text of the named cookie, undecoded, or null when absent", () => {
    expect(readCookie("token", "a=1; token=abc%3D; user=x")).toBe("abc%3D");
    expect(readCookie("user", "a=1;user=%7B%22uid%22%3A%22u1%22%7D")).toBe(
      "%7B%22uid%22%3A%22u1%22%7D",
    );
    expect(readCookie("token", "a=1")).toBeNull();
    expect(readCookie("token", "token=")).toBe("");
    expect(readCookie("token", "xtoken=1; token=2")).toBe("2");
  });
});

describe("hasSessionCookie", () => {
  it("finds either session cookie in a Cookie header, and only those names", () => {
    expect(hasSessionCookie("a=1; token=abc")).toBe(true);
    expect(hasSessionCookie("user=%7B%7D")).toBe(true);
    expect(hasSessionCookie("token=")).toBe(true);
    expect(hasSessionCookie("mytoken=1; username=x")).toBe(false);
    expect(hasSessionCookie("")).toBe(false);
    expect(hasSessionCookie(null)).toBe(false);
  });

  it("asks a cookie jar (the server's context.cookies) by the same names", () => {
    expect(hasSessionCookie(new Set(["user"]))).toBe(true);
    expect(hasSessionCookie(new Set(["cart", "tokens"]))).toBe(false);
  });
});
