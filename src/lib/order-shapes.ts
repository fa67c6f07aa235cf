/**
 * The name and address blocks an order keeps (SPEC §3 Order: shippingName/billingName,
 * shippingAddress/billingAddress). One definition for the database schema, the server and the
 * browser.
 */
export type PersonName = { firstName: string; lastName: string; phone: string; email: string };

export type OrderAddress = {
  id: string;
  type: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
};
