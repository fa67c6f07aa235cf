import { postDeleteAccount } from "../../../features/privacy/privacy.api";
import { methods } from "../../../server/http";

export const { POST, ALL } = methods({ POST: postDeleteAccount });
