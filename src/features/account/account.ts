/**
 * Accounts: the shapes, limits and validation rules shared by the browser forms and the server
 * (SPEC §3 User, Address, Sign-up payload; §5 Sign-up, Login, Address save, Profile save).
 * Messages are the spec's, word for word. No zod here: the session store, loaded on every page by
 * the navigation, imports this file; the server's zod schemas live in account.schema.ts.
 */
import { trimInvisible } from "../../lib/text";
export const GENDERS = ["male", "female", "other"] as const;
export type Gender = (typeof GENDERS)[number];

export const ADDRESS_TYPES = ["Home", "Work", "Other"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

import { ADMIN_ROLE, type Role } from "../../lib/roles";
export { ADMIN_ROLE, isAdmin, type Role } from "../../lib/roles";

/** SPEC §3 / §4: session cookie names, their life, and the temporary order entry removed at logout. */
export const TOKEN_COOKIE = "token";
export const USER_COOKIE = "user";
export const SESSION_MINUTES = 30;
export const TEMP_ORDER_KEY = "tempOrder";
/** The address editor's temporary id before the first save (SPEC §3). */
export const NEW_ADDRESS_ID = "new";
export const DEFAULT_COUNTRY = "India";
/** SPEC §9: the product's own sign-up password minimum. */
export const PASSWORD_MIN = 8;

/** Sane upper bounds, enforced by the server and mirrored as maxLength on the inputs. */
export const LIMITS = {
  name: 50,
  email: 254,
  phone: 20,
  password: 128,
  addressLine: 200,
  place: 80,
  zipCode: 12,
  addressId: 64,
  addresses: 20,
} as const;

export interface Address {
  id: string;
  type: AddressType;
  fName: string;
  lName: string;
  phone: string;
  email: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  isDefault: boolean;
}

/** The user as the API answers it and as the `user` cookie keeps it (SPEC §3). */
export interface User {
  uid: string;
  firstName: string;
  lastName: string;
  displayName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  gender: Gender | "";
  role: Role;
  addresses: Address[];
  cartId: string;
}

/** What the middleware puts on `Astro.locals.user` for the page shell and the guards. */
export interface SessionUser {
  uid: string;
  firstName: string;
  email: string;
  role: Role;
  isOwner: boolean;
  /** From the verified token: the email is verified (custom orders paid without an account show up by it). */
  emailVerified?: boolean;
}


// ---------------------------------------------------------------------------------------------
// Dates

/** "YYYY-MM-DD", a real calendar day, not in the future and not before 1900. */
export function isValidBirthDate(value: string, today: Date = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  if (y < 1900) return false;
  // Compare as strings in the shopper's day: India is ahead of UTC, so allow "today" anywhere.
  const latest = new Date(today.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
  return value <= latest;
}

/** Today's date as "YYYY-MM-DD" in local time, for the date input's max. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

// ---------------------------------------------------------------------------------------------
// Browser forms: field -> first message, exactly as SPEC §5 words them.

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  dob: string;
  gender: string;
  agree: boolean;
}
export type SignUpField = keyof SignUpValues;

export const EMPTY_SIGN_UP: SignUpValues = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  password: "",
  confirmPassword: "",
  dob: "",
  gender: "",
  agree: false,
};

/** Looks like {name}@{domain}.{tld}: the spec's "Invalid email" rule. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC §5 Sign-up. Returns one message per failing field (empty object when valid). */
export function validateSignUp(v: SignUpValues): FieldErrors<SignUpField> {
  const e: FieldErrors<SignUpField> = {};
  if (!trimInvisible(v.firstName)) e.firstName = "First name required";
  else if (trimInvisible(v.firstName).length > LIMITS.name) e.firstName = `At most ${LIMITS.name} characters`;
  if (!trimInvisible(v.lastName)) e.lastName = "Last name required";
  else if (trimInvisible(v.lastName).length > LIMITS.name) e.lastName = `At most ${LIMITS.name} characters`;
  if (!trimInvisible(v.email)) e.email = "Email required";
  else if (!EMAIL_PATTERN.test(trimInvisible(v.email)) || trimInvisible(v.email).length > LIMITS.email) e.email = "Invalid email";
  if (!v.password) e.password = "Password required";
  else if (v.password.length < PASSWORD_MIN) e.password = "Minimum 8 characters";
  else if (v.password.length > LIMITS.password) e.password = `At most ${LIMITS.password} characters`;
  if (!v.confirmPassword) e.confirmPassword = "Confirm your password";
  else if (v.confirmPassword !== v.password) e.confirmPassword = "Passwords do not match";
  if (!(GENDERS as readonly string[]).includes(v.gender)) e.gender = "Select your gender";
  if (!v.dob) e.dob = "Date of birth required";
  else if (!isValidBirthDate(v.dob)) e.dob = "Enter a real date of birth";
  if (!trimInvisible(v.phone)) e.phone = "Phone number required";
  else if (trimInvisible(v.phone).length > LIMITS.phone) e.phone = `At most ${LIMITS.phone} characters`;
  if (!v.agree) e.agree = "You must agree to the terms";
  return e;
}

export interface LoginValues {
  email: string;
  password: string;
}

/** SPEC §5 Login: both required. */
export function validateLogin(v: LoginValues): FieldErrors<keyof LoginValues> {
  const e: FieldErrors<keyof LoginValues> = {};
  if (!trimInvisible(v.email)) e.email = "Email required";
  if (!v.password) e.password = "Password required";
  return e;
}

export interface ProfileValues {
  firstName: string;
  lastName: string;
  phone: string;
  gender: string;
  dateOfBirth: string;
}

/** SPEC §5 Profile save: every field non-blank (the form then shows 'Missing Fields'). */
export function profileHasMissingFields(v: ProfileValues): boolean {
  return [v.firstName, v.lastName, v.phone, v.gender, v.dateOfBirth].some((x) => !x || !trimInvisible(x));
}

export const ADDRESS_REQUIRED = ["fName", "lName", "phone", "zipCode", "address1", "city", "state", "country"] as const;

/** SPEC §5 Address save: everything but address line 2 non-blank (else 'Missing Fields'). */
export function addressHasMissingFields(a: Pick<Address, (typeof ADDRESS_REQUIRED)[number]>): boolean {
  return ADDRESS_REQUIRED.some((k) => !a[k] || !trimInvisible(String(a[k])));
}

/** A blank address for the editor: temporary id 'new', name/phone/email from the user (SPEC §2). */
export function newAddressFor(user: Pick<User, "firstName" | "lastName" | "phone" | "email"> | null): Address {
  return {
    id: NEW_ADDRESS_ID,
    type: "Home",
    fName: user?.firstName ?? "",
    lName: user?.lastName ?? "",
    phone: user?.phone ?? "",
    email: user?.email ?? "",
    address1: "",
    address2: "",
    city: "",
    state: "",
    zipCode: "",
    country: DEFAULT_COUNTRY,
    isDefault: false,
  };
}

/** The id a new address gets when saved: the current time as a string (SPEC §3). */
export function generateAddressId(now: number = Date.now()): string {
  return String(now);
}

// ---------------------------------------------------------------------------------------------
// Navigation

/**
 * Where to go after login: a same-site path from ?redirect=, never another site ("//evil",
 * "/\\evil", "https://..."), and never back to the login or sign-up pages.
 *
 * The answer is what gets checked, not only the input: the URL parser removes dot segments and
 * reads "\\" as "/", so "/.//evil.com", "/%2e//evil.com" or "/a/../\\evil.com" normalise to
 * "//evil.com", which a browser would read as another host.
 */
export function safeRedirect(target: string | null | undefined, fallback = "/"): string {
  if (!target || typeof target !== "string" || target.length > 2000) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  const base = "http://shop.invalid";
  try {
    const url = new URL(target, base);
    if (url.origin !== base) return fallback;
    if (url.pathname === "/login" || url.pathname.startsWith("/join-") || url.pathname === "/unauthorized") return fallback;
    const result = url.pathname + url.search + url.hash;
    // The normalised path must itself be a same-site path, and stay one when resolved again.
    if (!result.startsWith("/") || result.startsWith("//") || result.startsWith("/\\")) return fallback;
    if (new URL(result, base).origin !== base) return fallback;
    return result;
  } catch {
    return fallback;
  }
}

/** /login?redirect=<path>, for the guards. */
export function loginUrl(requested: string): string {
  const target = safeRedirect(requested, "");
  return target && target !== "/" ? `/login?redirect=${encodeURIComponent(target)}` : "/login";
}

/** Parses the `user` cookie's value; null when empty or not a user (SPEC §4: then it is removed). */
export function parseUserCookie(raw: string | undefined | null): User | null {
  if (!raw) return null;
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (!trimInvisible(text)) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== "object") return null;
    const u = value as Partial<User>;
    if (typeof u.uid !== "string" || !u.uid) return null;
    return {
      uid: u.uid,
      firstName: typeof u.firstName === "string" ? u.firstName : "",
      lastName: typeof u.lastName === "string" ? u.lastName : "",
      displayName: typeof u.displayName === "string" ? u.displayName : "",
      email: typeof u.email === "string" ? u.email : "",
      phone: typeof u.phone === "string" ? u.phone : "",
      dateOfBirth: typeof u.dateOfBirth === "string" ? u.dateOfBirth : "",
      gender: (GENDERS as readonly string[]).includes(u.gender as string) ? (u.gender as Gender) : "",
      role: u.role === ADMIN_ROLE ? ADMIN_ROLE : "customer",
      addresses: Array.isArray(u.addresses) ? (u.addresses as Address[]) : [],
      cartId: typeof u.cartId === "string" ? u.cartId : "",
    };
  } catch {
    return null;
  }
}
