/** Valid account inputs (docs/product.md §5 profile and address rules) shared by the integration tests. */
export const PROFILE = {
  firstName: "Asha",
  lastName: "Verma",
  phone: "9876543210",
  gender: "female",
  dateOfBirth: "1994-06-15",
};

/** The place parts of every test address: an address form's and an order's. */
export const PLACE = {
  address1: "12 MI Road",
  address2: "",
  city: "Jaipur",
  state: "Rajasthan",
  zipCode: "302001",
  country: "India",
};

export const ADDRESS = {
  type: "Home",
  fName: "Asha",
  lName: "Verma",
  phone: "9876543210",
  ...PLACE,
  isDefault: false,
};

/** The address block an order row stores (shipping_address, billing_address), with this id. */
export const orderAddress = (id = "a1", zipCode = PLACE.zipCode) => ({
  id,
  type: "Home",
  ...PLACE,
  zipCode,
});

/** The name block an order row stores (shipping_name, billing_name). */
export const orderPerson = (
  firstName = "Asha",
  lastName = "Verma",
  email = `${firstName.toLowerCase()}@example.com`,
) => ({ firstName, lastName, phone: "9876543210", email });

/** The name and address columns of a test order row: one person and one address for shipping and billing. */
export const orderParties = (addressId = "a1", person = orderPerson()) => {
  const address = orderAddress(addressId);
  return {
    shippingName: person,
    billingName: person,
    shippingAddress: address,
    billingAddress: address,
  };
};

/** A create-order body for the saved address "addr-1"; `extra` adds or replaces fields. */
export function orderBody(extra: Record<string, unknown> = {}) {
  return {
    customer_name: "Asha Verma",
    customer_email: "asha@example.com",
    customer_phone: "+91 98765-43210",
    order_amount: 1,
    address_id: "addr-1",
    ...extra,
  };
}
