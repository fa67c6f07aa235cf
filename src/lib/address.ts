/**
 * The one address shape of the shop (docs/product.md §3 Address, Order): a saved address of an account, the
 * postal part every address has (typed on the quote page, stored on an order), and the name block
 * an order keeps. The database schema, the server and the browser all use these types; the zod/mini
 * schema that checks them is src/lib/address.schema.ts. No zod, and not the states' table, here: the
 * session store, on every page, imports this file; the table is src/lib/india-states.ts.
 * Rules: docs/decisions/0060-one-address.md.
 */
export const DEFAULT_COUNTRY = "India";

export const ADDRESS_TYPES = ["Home", "Work", "Other"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** Sane upper bounds, enforced by the schema and mirrored as maxLength on the inputs. */
export const ADDRESS_LIMITS = {
  addressLine: 200,
  place: 80,
  /** A PIN code is six digits. */
  zipCode: 6,
  addressId: 64,
} as const;

/** A PIN code: six digits, the first not 0 (India Post's postal zones are 1-9). */
export const PIN_PATTERN = /^[1-9]\d{5}$/;

export function isPinCode(value: string): boolean {
  return PIN_PATTERN.test(value);
}

/** Where a parcel goes: what every address has, and what an order stores (with an id and type). */
export interface PostalAddress {
  address1: string;
  address2: string;
  city: string;
  /** A name of src/lib/india-states.ts when written; an older stored one still reads (0060). */
  state: string;
  /** The PIN code (the field keeps the spec's name). */
  zipCode: string;
  country: string;
}

/** A saved address of an account (docs/product.md §3 Address). */
export interface Address extends PostalAddress {
  id: string;
  type: AddressType;
  fName: string;
  lName: string;
  phone: string;
  email: string;
  isDefault: boolean;
}

/** The address an order keeps (docs/product.md §3 Order shippingAddress / billingAddress). */
export interface OrderAddress extends PostalAddress {
  /** The saved address's id, or "quote" for one typed on a quote's page. */
  id: string;
  type: string;
}

/** The name block an order keeps (docs/product.md §3 Order shippingName / billingName). */
export type PersonName = { firstName: string; lastName: string; phone: string; email: string };

/** The address an order stores: the postal fields of a saved (or typed) address, nothing more. */
export function orderAddressOf(address: OrderAddress): OrderAddress {
  return {
    id: address.id,
    type: address.type,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    state: address.state,
    zipCode: address.zipCode,
    country: address.country,
  };
}

/** "Meera Iyer" -> first word and the rest, as an order's name block keeps them. */
export function personName(fullName: string, phone: string, email: string): PersonName {
  const [first, ...rest] = fullName.trim().split(/\s+/);
  return { firstName: first ?? "", lastName: rest.join(" "), phone, email };
}
