/** Valid account inputs (docs/product.md §5 profile and address rules) shared by the integration tests. */
export const PROFILE = {
  firstName: "Asha",
  lastName: "Verma",
  phone: "9876543210",
  gender: "female",
  dateOfBirth: "1994-06-15",
};

export const ADDRESS = {
  type: "Home",
  fName: "Asha",
  lName: "Verma",
  phone: "9876543210",
  address1: "12 MI Road",
  address2: "",
  city: "Jaipur",
  state: "Rajasthan",
  zipCode: "302001",
  country: "India",
  isDefault: false,
};
