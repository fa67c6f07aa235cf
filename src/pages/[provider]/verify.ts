import { postVerify, providerRoute } from "~/features/checkout/checkout.api";
import { limited } from "~/server/limited.server";

export const { POST, ALL } = providerRoute({ POST: limited("payment-check", postVerify) });
