import { postVerify, providerRoute } from "../../features/checkout/checkout.api";

export const { POST, ALL } = providerRoute({ POST: postVerify });
