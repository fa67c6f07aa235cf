/**
 * The account forms' and bodies' schemas (account.schema.ts) with docs/product.md §5's messages word for
 * word: what the islands show through zodResolver and what the handlers answer.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { generateAddressId, newAddressFor, type User } from "./account";
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
import { SIGN_UP_VALUES } from "./sign-up.fixtures";

/** Field -> first message, as zodResolver hands them to the form. */
function messages(schema: z.ZodMiniType, values: unknown): Record<string, string> {
  const result = z.safeParse(schema, values);
  const found: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues)
    found[issue.path.join(".")] ??= issue.message;
  return found;
}

const VALID = SIGN_UP_VALUES;
const EMPTY_SIGN_UP: SignUpFormValues = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  password: "",
  confirmPassword: "",
  dateOfBirth: "",
  gender: "",
  agree: false,
};
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

describe("sign-up validation (docs/product.md §5, messages word for word)", () => {
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
    const e = validateSignUp({
      ...VALID,
      firstName: "  ",
      lastName: "\t",
      email: " ",
      phone: "   ",
    });
    expect(e).toMatchObject({
      firstName: "First name required",
      lastName: "Last name required",
      email: "Email required",
      phone: "Phone number required",
    });
  });

  it.each(["asha", "asha@", "asha@example", "@example.com", "as ha@example.com"])(
    "'Invalid email' for %s",
    (email) => {
      expect(validateSignUp({ ...VALID, email }).email).toBe("Invalid email");
    },
  );

  it("'Minimum 8 characters' below 8, fine at 8", () => {
    expect(
      validateSignUp({ ...VALID, password: "1234567", confirmPassword: "1234567" }).password,
    ).toBe("Minimum 8 characters");
    expect(
      validateSignUp({ ...VALID, password: "12345678", confirmPassword: "12345678" }).password,
    ).toBeUndefined();
  });

  it("'Passwords do not match'", () => {
    expect(validateSignUp({ ...VALID, confirmPassword: "resin-lover!" }).confirmPassword).toBe(
      "Passwords do not match",
    );
  });

  it("'Select your gender' for anything but male, female, other", () => {
    for (const gender of ["male", "female", "other"])
      expect(validateSignUp({ ...VALID, gender }).gender).toBeUndefined();
    expect(validateSignUp({ ...VALID, gender: "Male" }).gender).toBe("Select your gender");
  });

  it("has no phone format rule (any non-blank text up to 20 characters)", () => {
    expect(validateSignUp({ ...VALID, phone: "+91 (98) 7654-3210" }).phone).toBeUndefined();
  });

  it("refuses a birth date in the future", () => {
    expect(validateSignUp({ ...VALID, dateOfBirth: "2999-01-01" }).dateOfBirth).toBe(
      "Date of birth must be a real date (YYYY-MM-DD), not in the future",
    );
  });

  it("'You must agree to the terms'", () => {
    expect(validateSignUp({ ...VALID, agree: false })).toEqual({
      agree: "You must agree to the terms",
    });
  });

  it("'Passwords do not match' shows together with the other fields' messages", () => {
    expect(
      validateSignUp({ ...EMPTY_SIGN_UP, password: "short", confirmPassword: "different" }),
    ).toMatchObject({
      password: "Minimum 8 characters",
      confirmPassword: "Passwords do not match",
      gender: "Select your gender",
    });
  });

  it("the register body is the form's profile fields and email, trimmed; nothing else leaves the browser", () => {
    const body = registerBody(signUpSchema.parse({ ...VALID, firstName: " Asha\u200b " }));
    expect(body).toEqual({
      firstName: "Asha",
      lastName: "Verma",
      email: "asha@example.com",
      phone: "9876543210",
      gender: "female",
      dateOfBirth: "1994-06-15",
    });
    expect(registerSchema.parse(body)).toEqual(body);
  });
});

describe("login validation", () => {
  it("requires email and password", () => {
    expect(messages(loginSchema, { email: " ", password: "" })).toEqual({
      email: "Email required",
      password: "Password required",
    });
    expect(messages(loginSchema, { email: "a@b.co", password: "x" })).toEqual({});
  });
});

describe("profile validation", () => {
  const PROFILE = {
    firstName: "Asha",
    lastName: "Verma",
    phone: "98",
    gender: "female",
    dateOfBirth: "1994-06-15",
  };

  it("the form: any blank field fails as blank (the 'Missing Fields' toast)", () => {
    expect(messages(profileSchema, PROFILE)).toEqual({});
    for (const key of Object.keys(PROFILE)) {
      const issue = profileSchema.safeParse({ ...PROFILE, [key]: " " }).error?.issues[0];
      expect(issue?.code, key).toMatch(/^(too_small|invalid_value)$/);
    }
  });

  it("the server: trims, limits lengths, checks gender and date, drops unknown keys", () => {
    const parsed = profileSchema.parse({
      ...PROFILE,
      firstName: "  Asha ",
      email: "x@y.z",
      role: "tm_admin",
      uid: "other",
    });
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

describe("address validation (docs/product.md §5 Address save)", () => {
  const ADDRESS = {
    ...newAddressFor(USER),
    address1: "12 MI Road",
    city: "Jaipur",
    state: "Rajasthan",
    zipCode: "302001",
  };

  it("a new address: temporary id 'new', name, phone and email from the user, India, Home", () => {
    expect(newAddressFor(USER)).toMatchObject({
      id: "new",
      fName: "Asha",
      lName: "Verma",
      phone: "9876543210",
      email: "asha@example.com",
      country: "India",
      address2: "",
    });
  });

  it("the form: everything but address line 2 is required", () => {
    expect(messages(addressFieldsSchema, ADDRESS)).toEqual({});
    expect(messages(addressFieldsSchema, { ...ADDRESS, address2: "" })).toEqual({});
    for (const key of [
      "fName",
      "lName",
      "phone",
      "zipCode",
      "address1",
      "city",
      "state",
    ] as const) {
      expect(
        addressFieldsSchema.safeParse({ ...ADDRESS, [key]: "  " }).error?.issues[0]?.code,
        key,
      ).toBe("too_small");
    }
  });

  it("the country is India: blank or left out reads India, another is refused (decision 0060)", () => {
    expect(addressFieldsSchema.parse({ ...ADDRESS, country: "  " }).country).toBe("India");
    expect(addressFieldsSchema.parse({ ...ADDRESS, country: undefined }).country).toBe("India");
    expect(messages(addressFieldsSchema, { ...ADDRESS, country: "Nepal" })).toEqual({
      country: "Country: we deliver within India only",
    });
  });

  it("the server: types, defaults, lengths and ids", () => {
    const { id: _id, ...fields } = ADDRESS;
    expect(
      addressFieldsSchema.parse({
        ...fields,
        type: undefined,
        address2: undefined,
        isDefault: undefined,
      }),
    ).toMatchObject({ type: "Other", address2: "", isDefault: false });
    expect(addressFieldsSchema.safeParse({ ...fields, type: "Office" }).success).toBe(false);
    expect(addressFieldsSchema.safeParse({ ...fields, zipCode: "1".repeat(13) }).success).toBe(
      false,
    );
    expect(
      newAddressSchema.safeParse({ ...fields, id: generateAddressId(1700000000000) }).success,
    ).toBe(true);
    expect(newAddressSchema.safeParse({ ...fields, id: "new" }).success).toBe(false);
    expect(newAddressSchema.safeParse({ ...fields, id: "a/b" }).success).toBe(false);
    expect(addressQuerySchema.safeParse({ address_id: "x".repeat(65) }).success).toBe(false);
  });

  it("new ids are the current time as a string", () => {
    expect(generateAddressId(1700000000123)).toBe("1700000000123");
  });
});
