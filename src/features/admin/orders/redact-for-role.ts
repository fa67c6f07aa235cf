/**
 * The accountant's copy of an order (docs/decisions/0254-accountant-sees-no-contact-details.md):
 * no customer contact details beyond what the tax invoice carries. The invoice names the buyer
 * (the shipping name), the shipping address and the buyer's GSTIN; so the accountant's copy keeps
 * those and the money, and blanks the phone numbers and email addresses, the billing address, the
 * shopper's notes (free text, where people write a phone number) and the UPI id (often a phone
 * number). Every other role reads the order as it is.
 */
import type { OrderAddress, PersonName } from "~/lib/address";
import type { AdminOrderJson } from "./orders-admin";

const nameOnly = (person: PersonName): PersonName => ({ ...person, phone: "", email: "" });
const blankAddress = (address: OrderAddress): OrderAddress =>
  Object.fromEntries(Object.keys(address).map((key) => [key, ""])) as unknown as OrderAddress;

/** The order as `role` may read it. */
export function orderForRole(order: AdminOrderJson, role: string): AdminOrderJson {
  if (role !== "accountant") return order;
  return {
    ...order,
    shippingName: nameOnly(order.shippingName),
    billingName: nameOnly(order.billingName),
    billingAddress: blankAddress(order.billingAddress),
    notes: "",
    payment: { ...order.payment, upiId: "" },
  };
}
