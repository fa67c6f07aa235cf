/**
 * Re-linking a shop record to a new sign-in of the same person (docs/decisions/0171-relink-by-verified-email.md).
 * A record is keyed by the Firebase uid. When the identity provider loses an account (a demo's Auth
 * Emulator killed before it saved its accounts, an account deleted in the Firebase console) and
 * the person signs up again, the new uid meets a record holding their email: before this, a 409
 * that locked them out of their orders. The record moves to the new uid only when both hold:
 *   - the new sign-in's email is verified (the token says so), so it is really theirs; and
 *   - Firebase has no account under the old uid any more, so no one still signs in to the record.
 * Everything keyed by the uid moves with it, in one transaction; anything else stays a 409.
 */
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import {
  addresses,
  cartReminders,
  carts,
  dataRequests,
  discountUses,
  orders,
  reminderConsents,
  reviews,
  reviewVotes,
  users,
} from "~/server/db/schema";
import { log } from "~/server/log/logger";
import { firebaseEmailStatus, type Identity } from "./firebase-admin.server";

/** The tables whose `user_id` names a users row, moved with it. */
const KEYED = [
  addresses,
  carts,
  discountUses,
  reminderConsents,
  cartReminders,
  orders,
  dataRequests,
  reviews,
  reviewVotes,
] as const;

/**
 * Moves the record holding `identity.email` to `identity.uid` when the rules above allow; answers
 * the moved row, or null (the caller then answers 409).
 */
export async function relinkByVerifiedEmail(db: DbOrTx, identity: Identity) {
  if (!identity.emailVerified || !identity.email) return null;
  const email = identity.email.toLowerCase();
  const [holder] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  if (!holder || holder.id === identity.uid) return null;
  // When Firebase cannot be asked the record stays where it is (the caller's 409): never a guess.
  const status = await firebaseEmailStatus(holder.id, email).catch((error: unknown) => {
    log.warn(`[auth] could not ask Firebase about ${holder.id} while re-linking`, error);
    return "unavailable" as const;
  });
  if (status !== "no-account") return null;
  const moved = await db.transaction(async (tx) => {
    const [old] = await tx.select().from(users).where(eq(users.id, holder.id)).for("update");
    if (!old || old.email.toLowerCase() !== email) return null;
    // The new row first (under a placeholder address: the email is unique), then every row keyed
    // by the old uid, then the old row goes and the new one takes the address.
    await tx.insert(users).values({
      ...old,
      id: identity.uid,
      email: `relinking+${identity.uid.toLowerCase()}@relink.invalid`,
      updatedAt: new Date(),
    });
    for (const table of KEYED)
      await tx.update(table).set({ userId: identity.uid }).where(eq(table.userId, old.id));
    await tx.delete(users).where(eq(users.id, old.id));
    const [row] = await tx
      .update(users)
      .set({ email: old.email })
      .where(eq(users.id, identity.uid))
      .returning();
    return row ?? null;
  });
  if (moved)
    log.info(`[auth] the record of ${holder.id} moved to ${identity.uid} (verified email)`);
  return moved;
}
