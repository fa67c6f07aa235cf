/**
 * The composition seller's inter-State refusal at the points that take a payment for goods
 * (docs/decisions/0181-inter-state-supply.md): called by checkout's create-order and the quote
 * payment before anything is written; a 400 with the sentence, nothing stored.
 */
import type { DbOrTx } from "~/server/db/client";
import { HttpError } from "~/server/http";
import { readBusinessSettings } from "./business-settings.server";
import { interStateRefusal } from "./supply-rules";

export async function refuseInterStateSupply(db: DbOrTx, deliveryState: string): Promise<void> {
  const { value } = await readBusinessSettings(db);
  const refusal = interStateRefusal(
    { registration: value.registration, state: value.address.state },
    deliveryState,
  );
  if (refusal) throw new HttpError(400, refusal);
}
