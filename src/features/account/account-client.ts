/**
 * The profile and address calls of the browser (docs/product.md §7). Each answers the updated user, which
 * becomes the session's user (cookies renewed for 30 minutes). Failures are logged and rethrown
 * to the caller (docs/product.md §8 silent failures), which shows the toast.
 */
import { generateAddressId, NEW_ADDRESS_ID, type User } from "./account";
import type { AddressInput, ProfileInput } from "./account.schema";
import { apiJson } from "./session-api";
import { updateSessionUser } from "./session-store";

async function apply(label: string, call: () => Promise<User>): Promise<User> {
  try {
    const user = await call();
    await updateSessionUser(user);
    return user;
  } catch (error) {
    console.error(`[account] ${label} failed`, error);
    throw error;
  }
}

export function saveProfile(values: ProfileInput): Promise<User> {
  return apply("profile update", () => apiJson<User>("PUT", "/v2/users/profile", values));
}

/** Saves an address: a new one (id 'new') gets its id from the current time and is POSTed. */
export function saveAddress(id: string, fields: AddressInput): Promise<User> {
  if (id === NEW_ADDRESS_ID) {
    return apply("address save", () =>
      apiJson<User>("POST", "/v2/users/profile-address", { ...fields, id: generateAddressId() }),
    );
  }
  return apply("address save", () =>
    apiJson<User>("PUT", `/v2/users/profile-address?address_id=${encodeURIComponent(id)}`, fields),
  );
}

export function deleteAddress(id: string): Promise<User> {
  return apply("address delete", () =>
    apiJson<User>("DELETE", `/v2/users/profile-address?address_id=${encodeURIComponent(id)}`),
  );
}

/** The caller's full record (created on first use when missing). */
export function fetchMe(): Promise<User> {
  return apply("loading the account", () => apiJson<User>("POST", "/v2/auth/login", {}));
}
