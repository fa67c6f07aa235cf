/**
 * A personal-data breach, recorded by the owner (docs/privacy-breach.md,
 * docs/decisions/0172-breach-notices.md; DPDP Act 2023 s.8(6), DPDP Rules 2025 Rule 7(1)): who is
 * affected (everyone whose account, order or inquiry was made or changed in the window), and the
 * record with one notice per person queued in the outbox, in one transaction. The window is the
 * breach's key: recording it again queues nothing (the unique index decides between two at once).
 */
import { randomBytes } from "node:crypto";
import { and, eq, gte, lte, or } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "~/server/db/client";
import { customInquiries, dataBreaches, orders, users } from "~/server/db/schema";
import { sendMail } from "~/server/mail.server";
import { shopIdentity } from "~/server/shop-identity.server";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { readSection } from "~/features/settings/settings-store.server";
import {
  type AffectedPerson,
  BREACH_TEXTS,
  type BreachBody,
  type BreachRecorded,
  breachNotice,
} from "./breach";
import { privacySection } from "./privacy-settings.server";

/** Addresses that reach no one: erased accounts, the quote guest's placeholder. */
const reachable = (email: string) =>
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && !email.endsWith(".invalid");

/** Everyone with an account, order or inquiry made or changed between `from` and `to`, by email. */
export async function affectedPeople(db: DbOrTx, from: Date, to: Date): Promise<AffectedPerson[]> {
  const within = (a: AnyPgColumn, b: AnyPgColumn) =>
    or(and(gte(a, from), lte(a, to)), and(gte(b, from), lte(b, to)));
  const accounts = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(within(users.createdAt, users.updatedAt));
  const placed = await db
    .select({ name: orders.shippingName, billing: orders.billingName, claim: orders.claimEmail })
    .from(orders)
    .where(within(orders.createdAt, orders.updatedAt));
  const inquiries = await db
    .select({ email: customInquiries.email, name: customInquiries.name })
    .from(customInquiries)
    .where(within(customInquiries.createdAt, customInquiries.updatedAt));
  const people = new Map<string, AffectedPerson>();
  const add = (email: string, firstName: string) => {
    const key = email.trim().toLowerCase();
    if (!reachable(key)) return;
    const known = people.get(key);
    if (!known) people.set(key, { email: key, firstName: firstName.trim() });
    else if (!known.firstName) known.firstName = firstName.trim();
  };
  for (const a of accounts) add(a.email, a.firstName);
  for (const o of placed) {
    add(o.name.email, o.name.firstName);
    add(o.billing.email, o.billing.firstName);
    add(o.claim, o.name.firstName);
  }
  for (const i of inquiries) add(i.email, i.name.trim().split(/\s+/)[0] ?? "");
  return [...people.values()].sort((a, b) => a.email.localeCompare(b.email));
}

/** Records the breach and queues its notices; the same window again queues nothing. */
export async function recordBreach(
  db: Db,
  actor: AuditActor,
  body: BreachBody,
  now = new Date(),
): Promise<BreachRecorded> {
  const from = new Date(body.from);
  const to = new Date(body.to);
  const officer = (await readSection(db, privacySection)).value;
  return db.transaction(async (tx) => {
    const id = `brc_${now.getTime().toString(36)}_${randomBytes(5).toString("hex")}`;
    const [made] = await tx
      .insert(dataBreaches)
      .values({
        id,
        startedAt: from,
        endedAt: to,
        description: body.description,
        consequences: body.consequences,
        measures: body.measures,
        safety: body.safety,
        recordedBy: actor.uid,
        recordedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: dataBreaches.id });
    if (!made) {
      const [earlier] = await tx
        .select({ id: dataBreaches.id })
        .from(dataBreaches)
        .where(and(eq(dataBreaches.startedAt, from), eq(dataBreaches.endedAt, to)));
      return { id: earlier?.id ?? "", queued: 0, already: true, message: BREACH_TEXTS.already };
    }
    const shopName = (await shopIdentity(tx)).name;
    const people = await affectedPeople(tx, from, to);
    for (const person of people) {
      const notice = breachNotice({
        shopName,
        firstName: person.firstName,
        from,
        to,
        body,
        officer,
      });
      await sendMail(tx, { to: person.email, ...notice, replyTo: officer.email });
    }
    await tx.update(dataBreaches).set({ notices: people.length }).where(eq(dataBreaches.id, id));
    await recordAudit(
      tx,
      actor,
      {
        action: "breach.record",
        entity: "data_breach",
        entityId: id,
        after: { from: body.from, to: body.to, notices: people.length },
      },
      now,
    );
    return {
      id,
      queued: people.length,
      already: false,
      message: BREACH_TEXTS.recorded(people.length),
    };
  });
}
