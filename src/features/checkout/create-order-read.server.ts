/**
 * Create-order's one read: the shopper's saved address, the two settings sections its refusals
 * read, and this attempt's possible earlier orders, in one statement (docs/decisions/0280, 0313,
 * 0325), built once per shape (with or without an idempotency key;
 * docs/decisions/0332-the-order-write-built-once.md, 0331): each run only fills its values.
 */
import { sql } from "drizzle-orm";
import { builtOnce } from "~/server/db/built-once";
import type { Tx } from "~/server/db/client";
import { addresses } from "~/server/db/schema";
import type { Address } from "~/lib/address";
import { toAddress } from "~/features/account/account.server";
import { BUSINESS_KEY } from "~/features/books/business-settings.schema";
import { shippingSection } from "~/features/shipping/shipping-settings";
import { keepSectionsAhead, sectionsAheadColumn } from "~/features/settings/settings-store.server";
import {
  earlierAttemptsColumn,
  earlierAttemptsOf,
  type EarlierAttempt,
} from "~/features/orders/earlier-attempts.server";

/** The settings sections read ahead: the supply rules' business and the shipping section. */
const SECTIONS = [BUSINESS_KEY, shippingSection.key];

const orderRead = builtOnce(
  (keyed: boolean) => String(keyed),
  (keyed) => {
    const uid = sql.placeholder("uid");
    const attempt = {
      userId: uid,
      quoteId: null,
      idempotencyKey: keyed ? sql.placeholder("key") : null,
    };
    return sql`select a.id, a.type, a.f_name as "fName", a.l_name as "lName", a.phone, a.email,
      a.address1, a.address2, a.city, a.state, a.zip_code as "zipCode", a.country,
      a.is_default as "isDefault", json_build_object('sections', ${sectionsAheadColumn(SECTIONS)},
      'earlier', ${earlierAttemptsColumn(attempt, sql.placeholder("now"))}) as alongside
      from ${addresses} a where a.user_id = ${uid} and a.id = ${sql.placeholder("addressId")}`;
  },
);

/**
 * The saved address `addressId` of `uid`, with the sections kept for readSection in `tx` and
 * the attempt's (a cart's: no quote) possible earlier orders; null when the address is not theirs.
 */
export async function readOrderAhead(
  tx: Tx,
  attempt: { userId: string; idempotencyKey: string | null },
  addressId: string,
  now: Date,
): Promise<{ address: Address; earlier: EarlierAttempt[] } | null> {
  const key = attempt.idempotencyKey;
  const [row] = await orderRead.rows<Parameters<typeof toAddress>[0] & { alongside: unknown }>(
    tx,
    key !== null,
    { uid: attempt.userId, key, now: now.toISOString(), addressId },
  );
  if (!row) return null;
  const { alongside, ...address } = row;
  const ahead = (typeof alongside === "string" ? JSON.parse(alongside) : alongside) as {
    sections: unknown;
    earlier: unknown;
  };
  keepSectionsAhead(tx, SECTIONS, ahead.sections);
  return { address: toAddress(address), earlier: earlierAttemptsOf(ahead.earlier) };
}
