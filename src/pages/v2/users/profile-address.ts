import { deleteAddress, postAddress, putAddress } from "../../../features/account/account.server";
import { methods } from "../../../server/http";

export const { POST, PUT, DELETE, ALL } = methods({ POST: postAddress, PUT: putAddress, DELETE: deleteAddress });
