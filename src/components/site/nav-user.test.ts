import { describe, expect, it } from "vitest";
import { toNavUser } from "./nav-user";

describe("toNavUser", () => {
  it("is null when signed out or unusable", () => {
    expect(toNavUser(undefined)).toBeNull();
    expect(toNavUser(null)).toBeNull();
    expect(toNavUser("asha")).toBeNull();
    expect(toNavUser({ isOwner: true })).toBeNull();
  });

  it("takes the first name, full name, email and owner flag", () => {
    expect(
      toNavUser({ firstName: "Asha", lastName: "Verma", email: "asha@example.com", isOwner: true }),
    ).toEqual({
      firstName: "Asha",
      fullName: "Asha Verma",
      email: "asha@example.com",
      isOwner: true,
      portal: true,
    });
  });

  it("shows the portal link to every team role, never to a customer (decision 0253)", () => {
    for (const role of ["tm_admin", "studio", "accountant"])
      expect(toNavUser({ firstName: "Ravi", role }), role).toMatchObject({
        isOwner: false,
        portal: true,
      });
    for (const role of ["customer", "", undefined, 7])
      expect(toNavUser({ firstName: "Ravi", role }), String(role)).toMatchObject({
        portal: false,
      });
  });

  it("falls back to the display name, then the email, and is never the owner unless told", () => {
    expect(toNavUser({ displayName: "Meera Rao" })).toMatchObject({
      firstName: "Meera",
      fullName: "Meera Rao",
      isOwner: false,
    });
    expect(toNavUser({ email: "ravi@example.com", role: "tm_admin" })).toMatchObject({
      firstName: "ravi",
      isOwner: false,
    });
  });
});
