import { postPayDue } from "~/features/checkout/pay-due.api";
import { methods } from "~/server/http";

export const { POST, ALL } = methods({ POST: postPayDue });
