import { describe, expect, it } from "vitest";
import { readCookie } from "./cookies";

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
