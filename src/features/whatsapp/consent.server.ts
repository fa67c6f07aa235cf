/**
 * WhatsApp consent (docs/decisions/0238-whatsapp-consent.md): given by ticking an unticked choice at
 * checkout, on the quote page or in the profile; stored with its time and wording; withdrawn in one
 * click or by replying STOP. A new choice replaces the person's earlier one (the old row stays,
 * withdrawn, as the record).
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { whatsappConsents } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import type { ConsentJson } from "./consent.schema";
import { consentWording, waNumber } from "./phone";

export type { ConsentJson };

export const CONSENT_SOURCES = ["checkout", "quote", "profile"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

const lower = (email: string) => email.trim().toLowerCase();

/** Records a yes for this email (and account), replacing an earlier one. 400 on a number WhatsApp cannot take. */
export async function giveConsent(
  db: DbOrTx,
  who: { email: string; userId?: string | null },
  phone: string,
  source: ConsentSource,
  now = new Date(),
): Promise<ConsentJson> {
  const wa = waNumber(phone);
  if (!wa)
    throw new HttpError(
      400,
      "Give a mobile number WhatsApp can reach, e.g. +91 98765 43210 or 9876543210.",
    );
  await withdrawConsent(db, who, "replaced", now);
  const row = {
    id: randomUUID(),
    email: lower(who.email),
    userId: who.userId ?? null,
    phone: wa,
    wording: consentWording(wa),
    source,
    givenAt: now,
  };
  await db.insert(whatsappConsents).values(row);
  return toJson({ ...row, withdrawnAt: null, withdrawnBy: null });
}

function mine(who: { email: string; userId?: string | null }) {
  const byEmail = eq(whatsappConsents.email, lower(who.email));
  return who.userId ? or(byEmail, eq(whatsappConsents.userId, who.userId)) : byEmail;
}

/** Withdraws the person's active consent (one click in the profile); answers how many rows it closed. */
export async function withdrawConsent(
  db: DbOrTx,
  who: { email: string; userId?: string | null },
  by: string,
  now = new Date(),
): Promise<number> {
  const closed = await db
    .update(whatsappConsents)
    .set({ withdrawnAt: now, withdrawnBy: by })
    .where(and(mine(who), isNull(whatsappConsents.withdrawnAt)))
    .returning({ id: whatsappConsents.id });
  return closed.length;
}

/** A STOP reply from this number: every active consent to it ends. */
export async function withdrawByPhone(db: DbOrTx, wa: string, now = new Date()): Promise<number> {
  const closed = await db
    .update(whatsappConsents)
    .set({ withdrawnAt: now, withdrawnBy: "stop" })
    .where(and(eq(whatsappConsents.phone, wa), isNull(whatsappConsents.withdrawnAt)))
    .returning({ id: whatsappConsents.id });
  return closed.length;
}

/**
 * The number this customer agreed to get updates on (by the email the event knows, or the account
 * that placed the order), or null: without it nothing is sent.
 */
export async function consentedNumber(
  db: DbOrTx,
  email: string,
  userId?: string | null,
): Promise<string | null> {
  if (!email && !userId) return null;
  const whose = userId
    ? or(eq(whatsappConsents.email, lower(email)), eq(whatsappConsents.userId, userId))
    : eq(whatsappConsents.email, lower(email));
  const [row] = await db
    .select({ phone: whatsappConsents.phone })
    .from(whatsappConsents)
    .where(and(whose, isNull(whatsappConsents.withdrawnAt)))
    .orderBy(desc(whatsappConsents.givenAt))
    .limit(1);
  return row?.phone ?? null;
}

/** The person's choices, newest first (the profile shows the first; the data download lists all). */
export async function consentsOf(
  db: DbOrTx,
  who: { email: string | null; userId: string },
): Promise<ConsentJson[]> {
  const rows = await db
    .select()
    .from(whatsappConsents)
    .where(
      who.email
        ? or(eq(whatsappConsents.userId, who.userId), eq(whatsappConsents.email, lower(who.email)))
        : eq(whatsappConsents.userId, who.userId),
    )
    .orderBy(desc(whatsappConsents.givenAt), sql`${whatsappConsents.id}`);
  return rows.map(toJson);
}

function toJson(r: typeof whatsappConsents.$inferSelect): ConsentJson {
  return {
    phone: r.phone,
    wording: r.wording,
    source: r.source,
    givenAt: r.givenAt.toISOString(),
    withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
    withdrawnBy: r.withdrawnBy,
  };
}
