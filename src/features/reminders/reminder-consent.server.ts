/**
 * A shopper's consent to reminder mail (docs/decisions/0097-forgotten-cart-reminder.md): off
 * unless they said yes, at sign-up or on /my-profile; withdrawn there or by the unsubscribe link,
 * which works without signing in (a random token kept with the choice).
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { reminderConsents } from "~/server/db/schema";

export type ConsentSource = "signup" | "profile" | "unsubscribe" | "withdrawal";

export async function reminderConsentOf(db: DbOrTx, uid: string): Promise<boolean> {
  const [row] = await db
    .select({ consented: reminderConsents.consented })
    .from(reminderConsents)
    .where(eq(reminderConsents.userId, uid));
  return row?.consented ?? false;
}

/** Records the shopper's choice (the users row must exist). */
export async function setReminderConsent(
  db: DbOrTx,
  uid: string,
  consented: boolean,
  source: ConsentSource,
  now = new Date(),
): Promise<void> {
  await db
    .insert(reminderConsents)
    .values({
      userId: uid,
      consented,
      source,
      unsubscribeToken: randomBytes(24).toString("base64url"),
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: reminderConsents.userId,
      set: { consented, source, updatedAt: now },
    });
}

/** The unsubscribe link: consent off for the token's shopper. False when the token is unknown. */
export async function unsubscribeByToken(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return false;
  const done = await db
    .update(reminderConsents)
    .set({ consented: false, source: "unsubscribe", updatedAt: now })
    .where(eq(reminderConsents.unsubscribeToken, token))
    .returning({ userId: reminderConsents.userId });
  return done.length > 0;
}

/** Whether the token names a shopper (the unsubscribe page's first view writes nothing). */
export async function tokenKnown(db: DbOrTx, token: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return false;
  const [row] = await db
    .select({ userId: reminderConsents.userId })
    .from(reminderConsents)
    .where(eq(reminderConsents.unsubscribeToken, token));
  return Boolean(row);
}
