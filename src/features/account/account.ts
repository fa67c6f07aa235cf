/**
 * Accounts: the shapes, limits, dates and redirects shared by the browser and the server
 * (docs/product.md §3 User, Address). No zod here: the session store, loaded on every page by the
 * navigation, imports this file; the forms' and bodies' schemas (and docs/product.md §5's messages) live in
 * account.schema.ts.
 */
import { trimInvisible } from "~/lib/text";
export const GENDERS = ["male", "female", "other"] as const;
export type Gender = (typeof GENDERS)[number];

import { ADDRESS_LIMITS, type Address, DEFAULT_COUNTRY } from "~/lib/address";
import { toRole, type Role } from "~/lib/roles";
// The one address shape and its rules live in src/lib/address.ts (decision 0060).
export {
  ADDRESS_TYPES,
  type Address,
  type AddressType,
  DEFAULT_COUNTRY,
} from "~/lib/address";
export { ADMIN_ROLE, isAdmin, type Role } from "~/lib/roles";

/** docs/product.md §3 / §4: the session's life (its cookies: src/lib/cookies.ts), the temporary order entry removed at logout. */
export const SESSION_MINUTES = 30;
export const TEMP_ORDER_KEY = "tempOrder";
/** The address editor's temporary id before the first save (docs/product.md §3). */
export const NEW_ADDRESS_ID = "new";
/** docs/product.md §9: the product's own sign-up password minimum. */
export const PASSWORD_MIN = 8;

/** Sane upper bounds, enforced by the server and mirrored as maxLength on the inputs. */
export const LIMITS = {
  name: 50,
  email: 254,
  phone: 20,
  password: 128,
  addressLine: ADDRESS_LIMITS.addressLine,
  place: ADDRESS_LIMITS.place,
  zipCode: ADDRESS_LIMITS.zipCode,
  addressId: ADDRESS_LIMITS.addressId,
  addresses: 20,
} as const;

/** The user as the API answers it and as the `user` cookie keeps it (docs/product.md §3). */
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
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return false;
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

/** The gender select's options (docs/product.md §5: male, female, other). */
export const GENDER_OPTIONS = [
  { value: "male", label: "Male" },
  { value: "female", label: "Female" },
  { value: "other", label: "Other" },
] as const;

/** A blank address for the editor: temporary id 'new', name/phone/email from the user (docs/product.md §2). */
export function newAddressFor(
  user: Pick<User, "firstName" | "lastName" | "phone" | "email"> | null,
): Address {
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

/** The id a new address gets when saved: the current time as a string (docs/product.md §3). */
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
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\"))
    return fallback;
  const base = "http://shop.invalid";
  try {
    const url = new URL(target, base);
    if (url.origin !== base) return fallback;
    if (
      url.pathname === "/login" ||
      url.pathname.startsWith("/join-") ||
      url.pathname === "/unauthorized"
    )
      return fallback;
    const result = url.pathname + url.search + url.hash;
    // The normalised path must itself be a same-site path, and stay one when resolved again.
    if (!result.startsWith("/") || result.startsWith("//") || result.startsWith("/\\"))
      return fallback;
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

/** Parses the `user` cookie's value; null when empty or not a user (docs/product.md §4: then it is removed). */
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
      gender: (GENDERS as readonly string[]).includes(u.gender as string)
        ? (u.gender as Gender)
        : "",
      role: toRole(u.role),
      addresses: Array.isArray(u.addresses) ? (u.addresses as Address[]) : [],
      cartId: typeof u.cartId === "string" ? u.cartId : "",
    };
  } catch {
    return null;
  }
}
