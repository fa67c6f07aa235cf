/** A filled-in sign-up form, as the form's schema takes it and gives it back: for tests. */
import type { SignUpFormValues, SignUpInput } from "./account.schema";

export const SIGN_UP_VALUES: SignUpFormValues & SignUpInput = {
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
