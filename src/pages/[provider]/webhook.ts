import { postWebhook, providerRoute } from "~/features/checkout/checkout.api";

export const { POST, ALL } = providerRoute({ POST: postWebhook });
