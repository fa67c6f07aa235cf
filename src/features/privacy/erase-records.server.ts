/**
 * The erasure's reach into the newer tables (docs/decisions/0135-data-rights-reach-every-table.md),
 * called by erase.server.ts inside its one transaction: proof rounds, the materials the person
 * entered, parcels' provider payloads, mail to or about them, and the owner's audit trail, whose
 * rows stay (it is the owner's record) with the person's details masked in `before`/`after`.
 */
import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "~/server/db/client";
import { removeClaimFiles } from "~/features/claims/claim-files.server";
import { log } from "~/server/log/logger";
import {
  auditLog,
  claimMedia,
  damageClaims,
  orderMaterials,
  orderProofs,
  orderStages,
  outbox,
  shipmentEvents,
  shipments,
} from "~/server/db/schema";

export const ERASED_TEXT = "(erased at the customer's request)";
/** What stands where a masked detail was, inside the owner's free text and audit rows. */
export const ERASED_MARK = "(erased)";

/** What identifies the person, gathered before anything is masked. */
export interface ErasedPerson {
  emails: string[];
  /** The last ten digits of each phone. */
  phones: string[];
  /** Full names ("Priyanka Raghunathan"). */
  fullNames: string[];
  firstName: string;
  lastName: string;
  /** Street lines and PIN codes of their saved and order addresses. */
  places: string[];
}

/** The rows the audit trail may describe as being about the person, by entity. */
export interface ErasedEntities {
  order: string[];
  review: string[];
  quote: string[];
  inquiry: string[];
  outbox: string[];
}

const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, "\\$&")}%`;

/** Strong identifiers (emails, phones, full names) as ILIKE patterns, for text about anyone. */
export function identityPatterns(person: ErasedPerson): string[] {
  return [...person.emails, ...person.phones, ...person.fullNames]
    .filter((p) => p.length >= 5)
    .map(likePattern);
}

/** An owner's text that may greet the person by first name: the name becomes "there". */
export function withoutFirstName(column: AnyPgColumn, firstName: string): SQL {
  return firstName.length >= 2 ? sql`replace(${column}, ${firstName}, 'there')` : sql`${column}`;
}

/** Proof rounds keep their images and statuses; the person's answers go, the owner's greetings lose the name. */
export async function eraseMadeToOrder(
  tx: Tx,
  orderIds: string[],
  firstName: string,
): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(orderProofs)
    .set({
      reply: sql`case when ${orderProofs.reply} = '' then '' else ${ERASED_TEXT} end`,
      message: withoutFirstName(orderProofs.message, firstName),
    })
    .where(inArray(orderProofs.orderId, orderIds));
  // What they typed about their parcel goes; the reference, dates and the owner's photos stay.
  await tx
    .update(orderMaterials)
    .set({
      courier: "",
      tracking: "",
      receivedNote: withoutFirstName(orderMaterials.receivedNote, firstName),
    })
    .where(inArray(orderMaterials.orderId, orderIds));
  await tx
    .update(orderStages)
    .set({ note: withoutFirstName(orderStages.note, firstName) })
    .where(inArray(orderStages.orderId, orderIds));
}

/**
 * Parcels keep courier, AWB, statuses, dates and costs (the owner's figures); what the provider
 * sent about the consignee goes: each event's raw body, the label (a document with the name and
 * address on it, at the provider's address) and the last error (it may quote the address).
 */
export async function eraseParcels(tx: Tx, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const mine = await tx
    .update(shipments)
    .set({ labelUrl: "", lastError: "" })
    .where(inArray(shipments.orderId, orderIds))
    .returning({ id: shipments.id });
  if (mine.length > 0)
    await tx
      .update(shipmentEvents)
      .set({ body: {} })
      .where(
        inArray(
          shipmentEvents.shipmentId,
          mine.map((s) => s.id),
        ),
      );
}

/**
 * Mail: what waits to go to them is dropped (nothing was sent, so there is nothing to record);
 * mail sent to or about them keeps that it was sent, not what. Answers the ids kept.
 */
export async function eraseMail(tx: Tx, person: ErasedPerson): Promise<string[]> {
  const emails = person.emails.map((e) => e.toLowerCase());
  // No email (an account without one): nothing is addressed to them; `false` keeps the SQL valid.
  const toThem = emails.length > 0 ? inArray(sql`lower(${outbox.to})`, emails) : sql`false`;
  const replyToThem =
    emails.length > 0 ? inArray(sql`lower(${outbox.replyTo})`, emails) : sql`false`;
  await tx.delete(outbox).where(and(isNull(outbox.sentAt), toThem));
  const about = identityPatterns(person).map(
    (p) =>
      sql`(${outbox.body} ilike ${p} or ${outbox.subject} ilike ${p} or ${outbox.to} ilike ${p})`,
  );
  const kept = await tx
    .update(outbox)
    .set({
      to: sql`case when ${toThem} then 'erased@erased.invalid' else ${outbox.to} end`,
      subject: ERASED_TEXT,
      body: ERASED_TEXT,
      replyTo: null,
    })
    .where(or(toThem, replyToThem, ...about))
    .returning({ id: outbox.id });
  return kept.map((m) => m.id);
}

/** Keys whose value is the person's detail in an audit row about them. */
const PERSONAL_KEYS = new Set([
  "email",
  "phone",
  "firstName",
  "lastName",
  "fName",
  "lName",
  "customerName",
  "customerEmail",
  "address1",
  "address2",
  "city",
  "zipCode",
  "upiId",
  "replyTo",
]);

const regexEscape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A copy of `value` with the person's details masked: by key (rows about them) and by text. */
export function maskValue(value: unknown, needles: RegExp | null, byKey: boolean): unknown {
  if (typeof value === "string") return needles ? value.replace(needles, ERASED_MARK) : value;
  if (Array.isArray(value)) return value.map((v) => maskValue(v, needles, byKey));
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [
        key,
        byKey && PERSONAL_KEYS.has(key) && typeof v === "string" && v
          ? ERASED_MARK
          : maskValue(v, needles, byKey),
      ]),
    );
  return value;
}

function needleRegex(texts: string[]): RegExp | null {
  const usable = [...new Set(texts.filter((t) => t.length >= 2))].sort(
    (a, b) => b.length - a.length,
  );
  return usable.length ? new RegExp(usable.map(regexEscape).join("|"), "gi") : null;
}

/**
 * The audit trail stays whole (who did what, when: the owner's record, decision 0081); inside the
 * rows about the person (their orders, reviews, quotes, inquiries, mails) every detail of theirs is
 * masked by key and by text, and in any other row their email, phone and full name are.
 */
export async function eraseAudit(
  tx: Tx,
  person: ErasedPerson,
  entities: ErasedEntities,
): Promise<void> {
  const about = Object.entries(entities)
    .filter(([, ids]) => ids.length > 0)
    .map(([entity, ids]) => and(eq(auditLog.entity, entity), inArray(auditLog.entityId, ids)));
  const mentions = identityPatterns(person).map(
    (p) => sql`(${auditLog.before}::text ilike ${p} or ${auditLog.after}::text ilike ${p})`,
  );
  if (about.length + mentions.length === 0) return;
  const rows = await tx
    .select({
      id: auditLog.id,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(or(...about, ...mentions));
  const strong = needleRegex([...person.emails, ...person.phones, ...person.fullNames]);
  const every = needleRegex([
    ...person.emails,
    ...person.phones,
    ...person.fullNames,
    ...[person.firstName, person.lastName].filter((name) => name.length >= 3),
    ...person.places,
  ]);
  for (const row of rows) {
    const ids = entities[row.entity as keyof ErasedEntities] as string[] | undefined;
    const theirs = Boolean(row.entityId && ids?.includes(row.entityId));
    const before = maskValue(row.before, theirs ? every : strong, theirs);
    const after = maskValue(row.after, theirs ? every : strong, theirs);
    if (
      JSON.stringify(before) === JSON.stringify(row.before) &&
      JSON.stringify(after) === JSON.stringify(row.after)
    )
      continue;
    await tx
      .update(auditLog)
      .set({ before: before as object | null, after: after as object | null })
      .where(eq(auditLog.id, row.id));
  }
}

/**
 * Damage claims on these orders (docs/decisions/0247-damage-claims.md): the description is erased
 * and the files' rows go; answers the claims whose files removeErasedClaimFiles takes once the
 * transaction has committed (files are not part of it).
 */
export async function eraseClaims(tx: Tx, orderIds: string[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const claims = await tx
    .update(damageClaims)
    .set({ description: ERASED_TEXT })
    .where(inArray(damageClaims.orderId, orderIds))
    .returning({ id: damageClaims.id });
  const ids = claims.map((c) => c.id);
  if (ids.length) await tx.delete(claimMedia).where(inArray(claimMedia.claimId, ids));
  return ids;
}

/** Removes erased claims' files after the commit; a failure is logged (removed by hand then). */
export async function removeErasedClaimFiles(claimIds: readonly string[]): Promise<void> {
  for (const id of claimIds)
    await removeClaimFiles(id).catch((error: unknown) =>
      log.error(`[privacy] the files of erased claim ${id} could not be removed: ${String(error)}`),
    );
}
