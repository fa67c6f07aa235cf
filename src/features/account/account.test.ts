/**
 * Accounts: the forms' and bodies' schemas with SPEC §5's messages word for word (what the
 * islands show through zodResolver and the handlers answer), dates, redirects, the user cookie.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import {
  addressFieldsSchema,
  addressQuerySchema,
  loginSchema,
  newAddressSchema,
  profileSchema,
  registerBody,
  registerSchema,
  signUpSchema,
  type SignUpFormValues,
} from "./account.schema";
import { generateAddressId, isValidBirthDate, loginUrl, newAddressFor, parseUserCookie, safeRedirect, type User } from "./account";
import { decide } from "./auth-gate";
import { encodeUserCookie } from "./session-store";
import { normalizePath } from "./session-middleware.server";
import { modulesImporting } from "../../../tests/helpers/imports";

/** Field -> first message, as zodResolver hands them to the form. */
function messages(schema: z.ZodMiniType, values: unknown): Record<string, string> {
  const result = z.safeParse(schema, values);
  const found: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) found[issue.path.join(".")] ??= issue.message;
  return found;
}

const VALID: SignUpFormValues = {
  firstName: "Asha",
  lastName: "Verma",
  email: "asha@example.com",
  phone: "9876543210",
  password: "resin-lover",
  confirmPassword: "resin-lover",
  dateOfBirth: "1994-06-15",
  gender: "female",
  agree: true,
};
const EMPTY_SIGN_UP: SignUpFormValues = { firstName: "", lastName: "", email: "", phone: "", password: "", confirmPassword: "", dateOfBirth: "", gender: "", agree: false };
const validateSignUp = (values: SignUpFormValues) => messages(signUpSchema, values);

const USER: User = {
  uid: "u1",
  firstName: "Asha",
  lastName: "Verma",
  displayName: "Asha Verma",
  email: "asha@example.com",
  phone: "9876543210",
  dateOfBirth: "1994-06-15",
  gender: "female",
  role: "customer",
  addresses: [],
  cartId: "c1",
};

describe("sign-up validation (SPEC §5, messages word for word)", () => {
  it("accepts a complete form", () => {
    expect(validateSignUp(VALID)).toEqual({});
  });

  it("names every missing field with the spec's message", () => {
    expect(validateSignUp(EMPTY_SIGN_UP)).toEqual({
      firstName: "First name required",
      lastName: "Last name required",
      email: "Email required",
      phone: "Phone number required",
      password: "Password required",
      confirmPassword: "Confirm your password",
      dateOfBirth: "Date of birth required",
      gender: "Select your gender",
      agree: "You must agree to the terms",
    });
  });

  it("treats blanks as missing", () => {
    const e = validateSignUp({ ...VALID, firstName: "  ", lastName: "\t", email: " ", phone: "   " });
    expect(e).toMatchObject({ firstName: "First name required", lastName: "Last name required", email: "Email required", phone: "Phone number required" });
  });

  it.each(["asha", "asha@", "asha@example", "@example.com", "as ha@example.com"])("'Invalid email' for %s", (email) => {
    expect(validateSignUp({ ...VALID, email }).email).toBe("Invalid email");
  });

  it("'Minimum 8 characters' below 8, fine at 8", () => {
    expect(validateSignUp({ ...VALID, password: "1234567", confirmPassword: "1234567" }).password).toBe("Minimum 8 characters");
    expect(validateSignUp({ ...VALID, password: "12345678", confirmPassword: "12345678" }).password).toBeUndefined();
  });

  it("'Passwords do not match'", () => {
    expect(validateSignUp({ ...VALID, confirmPassword: "resin-lover!" }).confirmPassword).toBe("Passwords do not match");
  });

  it("'Select your gender' for anything but male, female, other", () => {
    for (const gender of ["male", "female", "other"]) expect(validateSignUp({ ...VALID, gender }).gender).toBeUndefined();
    expect(validateSignUp({ ...VALID, gender: "Male" }).gender).toBe("Select your gender");
  });

  it("has no phone format rule (any non-blank text up to 20 characters)", () => {
    expect(validateSignUp({ ...VALID, phone: "+91 (98) 7654-3210" }).phone).toBeUndefined();
  });

  it("refuses a birth date in the future", () => {
    expect(validateSignUp({ ...VALID, dateOfBirth: "2999-01-01" }).dateOfBirth).toBe("Date of birth must be a real date (YYYY-MM-DD), not in the future");
  });

  it("'You must agree to the terms'", () => {
    expect(validateSignUp({ ...VALID, agree: false })).toEqual({ agree: "You must agree to the terms" });
  });

  it("'Passwords do not match' shows together with the other fields' messages", () => {
    expect(validateSignUp({ ...EMPTY_SIGN_UP, password: "short", confirmPassword: "different" })).toMatchObject({
      password: "Minimum 8 characters",
      confirmPassword: "Passwords do not match",
      gender: "Select your gender",
    });
  });

  it("the register body is the form's profile fields and email, trimmed; nothing else leaves the browser", () => {
    const body = registerBody(signUpSchema.parse({ ...VALID, firstName: " Asha\u200b " }));
    expect(body).toEqual({ firstName: "Asha", lastName: "Verma", email: "asha@example.com", phone: "9876543210", gender: "female", dateOfBirth: "1994-06-15" });
    expect(registerSchema.parse(body)).toEqual(body);
  });
});

describe("login validation", () => {
  it("requires email and password", () => {
    expect(messages(loginSchema, { email: " ", password: "" })).toEqual({ email: "Email required", password: "Password required" });
    expect(messages(loginSchema, { email: "a@b.co", password: "x" })).toEqual({});
  });
});

describe("profile validation", () => {
  const PROFILE = { firstName: "Asha", lastName: "Verma", phone: "98", gender: "female", dateOfBirth: "1994-06-15" };

  it("the form: any blank field fails as blank (the 'Missing Fields' toast)", () => {
    expect(messages(profileSchema, PROFILE)).toEqual({});
    for (const key of Object.keys(PROFILE)) {
      const issue = profileSchema.safeParse({ ...PROFILE, [key]: " " }).error?.issues[0];
      expect(issue?.code, key).toMatch(/^(too_small|invalid_value)$/);
    }
  });

  it("the server: trims, limits lengths, checks gender and date, drops unknown keys", () => {
    const parsed = profileSchema.parse({ ...PROFILE, firstName: "  Asha ", email: "x@y.z", role: "tm_admin", uid: "other" });
    expect(parsed).toEqual(PROFILE);
    expect(profileSchema.safeParse({ ...PROFILE, firstName: "x".repeat(51) }).success).toBe(false);
    expect(profileSchema.safeParse({ ...PROFILE, gender: "robot" }).success).toBe(false);
    expect(profileSchema.safeParse({ ...PROFILE, dateOfBirth: "15/06/1994" }).success).toBe(false);
    expect(profileSchema.safeParse({ ...PROFILE, phone: 9876543210 }).success).toBe(false);
  });

  it("register takes the same fields; its email is optional and ignored by the handler", () => {
    expect(registerSchema.parse({ ...PROFILE })).toEqual(PROFILE);
    expect(registerSchema.parse({ ...PROFILE, email: "a@b.co" }).email).toBe("a@b.co");
  });
});

describe("birth dates", () => {
  const today = new Date("2025-03-10T12:00:00Z");
  it.each([
    ["1994-06-15", true],
    ["2000-02-29", true],
    ["2001-02-29", false],
    ["1994-13-01", false],
    ["1899-12-31", false],
    ["2025-03-10", true],
    ["2025-03-12", false],
    ["1994-6-15", false],
    ["", false],
  ])("%s -> %s", (value, ok) => {
    expect(isValidBirthDate(value, today)).toBe(ok);
  });
});

describe("address validation (SPEC §5 Address save)", () => {
  const ADDRESS = { ...newAddressFor(USER), address1: "12 MI Road", city: "Jaipur", state: "Rajasthan", zipCode: "302001" };

  it("a new address: temporary id 'new', name, phone and email from the user, India, Home", () => {
    expect(newAddressFor(USER)).toMatchObject({ id: "new", fName: "Asha", lName: "Verma", phone: "9876543210", email: "asha@example.com", country: "India", address2: "" });
  });

  it("the form: everything but address line 2 is required", () => {
    expect(messages(addressFieldsSchema, ADDRESS)).toEqual({});
    expect(messages(addressFieldsSchema, { ...ADDRESS, address2: "" })).toEqual({});
    for (const key of ["fName", "lName", "phone", "zipCode", "address1", "city", "state", "country"] as const) {
      expect(addressFieldsSchema.safeParse({ ...ADDRESS, [key]: "  " }).error?.issues[0]?.code, key).toBe("too_small");
    }
  });

  it("the server: types, defaults, lengths and ids", () => {
    const { id: _id, ...fields } = ADDRESS;
    expect(addressFieldsSchema.parse({ ...fields, type: undefined, address2: undefined, isDefault: undefined })).toMatchObject({ type: "Other", address2: "", isDefault: false });
    expect(addressFieldsSchema.safeParse({ ...fields, type: "Office" }).success).toBe(false);
    expect(addressFieldsSchema.safeParse({ ...fields, zipCode: "1".repeat(13) }).success).toBe(false);
    expect(newAddressSchema.safeParse({ ...fields, id: generateAddressId(1700000000000) }).success).toBe(true);
    expect(newAddressSchema.safeParse({ ...fields, id: "new" }).success).toBe(false);
    expect(newAddressSchema.safeParse({ ...fields, id: "a/b" }).success).toBe(false);
    expect(addressQuerySchema.safeParse({ address_id: "x".repeat(65) }).success).toBe(false);
  });

  it("new ids are the current time as a string", () => {
    expect(generateAddressId(1700000000123)).toBe("1700000000123");
  });
});

describe("redirects after login", () => {
  it.each([
    ["/admin/order/o1?tab=2", "/admin/order/o1?tab=2"],
    ["/my-profile", "/my-profile"],
    [null, "/"],
    ["", "/"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
    ["/login?redirect=/admin", "/"],
    ["/join-resintales", "/"],
    // Inputs that look same-site but normalise to another host ("//evil.com").
    ["/.//evil.com", "/"],
    ["/..//evil.com", "/"],
    ["/%2e//evil.com", "/"],
    ["/%2E%2E//evil.com", "/"],
    ["/a/../\\evil.com", "/"],
    ["/a/..//evil.com/x?y=1", "/"],
    ["/./\\evil.com", "/"],
    ["/\t/evil.com", "/"],
    // Dot segments that stay on this site are fine.
    ["/a/../my-profile", "/my-profile"],
    ["/./my-orders", "/my-orders"],
  ])("%s -> %s", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it("never answers a path a browser would read as another host", () => {
    const tricky = ["/.//evil.com", "/..//evil.com", "/%2e//evil.com", "/a/../\\evil.com", "/%2e%2e/%2e%2e//evil.com", "/a/b/../..//evil.com"];
    for (const target of tricky) {
      const out = safeRedirect(target);
      expect(out.startsWith("//") || out.startsWith("/\\"), `${target} -> ${out}`).toBe(false);
      expect(new URL(out, "https://shop.example").host, target).toBe("shop.example");
    }
    expect(loginUrl("/.//evil.com")).toBe("/login");
  });

  it("loginUrl carries the requested location", () => {
    expect(loginUrl("/admin?x=1")).toBe("/login?redirect=%2Fadmin%3Fx%3D1");
    expect(loginUrl("/")).toBe("/login");
  });
});

describe("the user cookie", () => {
  it("round-trips a user", () => {
    expect(parseUserCookie(encodeUserCookie(USER))).toEqual(USER);
  });

  it("keeps text with % and unicode", () => {
    const user = { ...USER, firstName: "Ānanya 100%" };
    expect(parseUserCookie(encodeUserCookie(user))?.firstName).toBe("Ānanya 100%");
  });

  it.each([undefined, "", "%", "%7Bnope", encodeURIComponent("null"), encodeURIComponent("[]"), encodeURIComponent('{"firstName":"x"}')])("is discarded when empty or unreadable: %s", (raw) => {
    expect(parseUserCookie(raw)).toBeNull();
  });

  it("never reads a role other than tm_admin or customer", () => {
    expect(parseUserCookie(encodeURIComponent(JSON.stringify({ ...USER, role: "root" })))?.role).toBe("customer");
  });

  it("leaves the addresses out when they would not fit in a cookie", () => {
    const address = { ...newAddressFor(USER), id: "1", address1: "x".repeat(200), address2: "y".repeat(200) };
    const big = { ...USER, addresses: Array.from({ length: 20 }, (_, i) => ({ ...address, id: String(i) })) };
    const encoded = encodeUserCookie(big);
    expect(encoded.length).toBeLessThan(4000);
    expect(parseUserCookie(encoded)).toEqual({ ...big, addresses: [] });
  });
});

describe("guards", () => {
  it("client gate decisions", () => {
    expect(decide("user", false, undefined)).toBe("login");
    expect(decide("admin", false, undefined)).toBe("login");
    expect(decide("admin", true, "customer")).toBe("unauthorized");
    expect(decide("admin", true, "tm_admin")).toBe("show");
    expect(decide("user", true, "customer")).toBe("show");
  });

  it("the middleware compares decoded, collapsed, lower-case paths", () => {
    expect(normalizePath("/%61dmin/")).toBe("/admin");
    expect(normalizePath("//Admin//orders")).toBe("/admin/orders");
    expect(normalizePath("/")).toBe("/");
    expect(normalizePath("/%E0%A4")).toBe("/%e0%a4");
  });
});

describe("the browser's session code stays free of zod and of the Firebase SDK", () => {
  // Static imports only: the dynamic imports (the Firebase SDK among them) load later, on demand.
  it.each(["src/features/account/user-menu.ts", "src/features/account/session-store.ts"])("%s (loaded on every page by the nav)", (entry) => {
    expect(modulesImporting(entry, "zod", { includeDynamic: false })).toEqual([]);
    expect(modulesImporting(entry, "firebase", { includeDynamic: false })).toEqual([]);
  });
});
