import { deleteAddress, postAddress, putAddress } from "~/features/account/account.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { POST, PUT, DELETE, ALL } = methods({
  POST: limited("account", postAddress),
  PUT: limited("account", putAddress),
  DELETE: limited("account", deleteAddress),
});
