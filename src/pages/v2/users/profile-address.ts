import { deleteAddress, postAddress, putAddress } from "../../../features/account/account.api";
import { methods } from "../../../server/http";

export const { POST, PUT, DELETE, ALL } = methods({
  POST: postAddress,
  PUT: putAddress,
  DELETE: deleteAddress,
});
