import { getPaymentRecords } from "~/features/checkout/payment-record.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getPaymentRecords });
