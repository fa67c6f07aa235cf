/**
 * The shop's settings store (docs/decisions/0081-audit-trail-and-settings.md). Each section (the
 * business and tax details, shipping, ...) is declared once with a schema and its first values
 * (seeded from environment variables); the portal's Settings screen reads and writes whole
 * sections. Every write is checked by the section's schema, versioned against lost updates, and
 * recorded in the audit trail in the same transaction.
 */
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx, Tx } from "~/server/db/client";
import { shopSettings } from "~/server/db/schema";
import { HttpError, parseWith } from "~/server/http";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";

export interface SettingsSection<T> {
  /** The row's key and the audit action's suffix: `settings.<key>`. */
  key: string;
  schema: z.core.$ZodType<T>;
  /** The values before the owner saved any: from the environment, or plain defaults. */
  defaults: () => T;
  /** What the audit row keeps of a value: sections holding keys mask them here (decision 0081). */
  redact?: (value: T) => unknown;
}

export interface StoredSection<T> {
  value: T;
  /** 0 while the section still has its defaults. */
  version: number;
}

export function defineSection<T>(section: SettingsSection<T>): SettingsSection<T> {
  return section;
}

/**
 * A section's current value. A stored value missing fields a newer release added gets them from
 * the defaults; one that no longer passes the schema falls back to the defaults whole.
 */
export async function readSection<T>(
  db: DbOrTx,
  section: SettingsSection<T>,
): Promise<StoredSection<T>> {
  const prefetched = early.get(db);
  const [row] = prefetched?.has(section.key)
    ? [prefetched.get(section.key)]
    : await db
        .select({ value: shopSettings.value, version: shopSettings.version })
        .from(shopSettings)
        .where(eq(shopSettings.section, section.key));
  prefetched?.delete(section.key);
  const defaults = section.defaults();
  if (!row) return { value: defaults, version: 0 };
  const merged = z.safeParse(section.schema, { ...(defaults as object), ...(row.value as object) });
  return { value: merged.success ? merged.data : defaults, version: row.version };
}

type SectionRow = { value: unknown; version: number };
/** Rows read ahead by readSectionsAhead, per database handle (a transaction), each used once. */
const early = new WeakMap<DbOrTx, Map<string, SectionRow | undefined>>();

/**
 * Reads these sections' rows in one statement, for the next readSection of each on the same handle
 * (a transaction that checks several sections, as checkout does: docs/decisions/0280).
 */
export async function readSectionsAhead(db: DbOrTx, keys: readonly string[]): Promise<void> {
  const rows = await db
    .select({
      section: shopSettings.section,
      value: shopSettings.value,
      version: shopSettings.version,
    })
    .from(shopSettings)
    .where(inArray(shopSettings.section, [...keys]));
  keepSectionsAhead(db, keys, rows);
}

/**
 * These sections' rows as one JSON value, for a statement that reads them alongside its own
 * (create-order's address read, docs/decisions/0313); its answer goes to keepSectionsAhead.
 */
export function sectionsAheadColumn(keys: readonly string[]): SQL {
  return sql`(select json_agg(json_build_object('section', s.section, 'value', s.value,
    'version', s.version)) from ${shopSettings} s where s.section in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )}))`;
}

/** Keeps rows read ahead (readSectionsAhead, or sectionsAheadColumn's value) for readSection. */
export function keepSectionsAhead(db: DbOrTx, keys: readonly string[], read: unknown): void {
  const rows = (typeof read === "string" ? JSON.parse(read) : read) as
    | ({ section: string } & SectionRow)[]
    | null;
  const byKey = new Map<string, SectionRow | undefined>(keys.map((k) => [k, undefined]));
  for (const { section, ...row } of rows ?? []) byKey.set(section, row);
  early.set(db, byKey);
}

/**
 * Saves a whole section. `expectedVersion` is the version the owner's screen loaded: a save over a
 * newer one is refused with 409 so two tabs never silently overwrite each other.
 */
export async function writeSection<T>(
  tx: Tx,
  section: SettingsSection<T>,
  input: unknown,
  expectedVersion: number,
  actor: AuditActor,
): Promise<StoredSection<T>> {
  const value = parseWith(section.schema, input);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`settings:${section.key}`}))`);
  const before = await readSection(tx, section);
  if (before.version !== expectedVersion)
    throw new HttpError(
      409,
      "These settings were changed in another window. Reload the page to see them, then save again.",
    );
  const version = before.version + 1;
  await tx
    .insert(shopSettings)
    .values({ section: section.key, value: value as object, version, updatedBy: actor.uid })
    .onConflictDoUpdate({
      target: shopSettings.section,
      set: { value: value as object, version, updatedAt: new Date(), updatedBy: actor.uid },
    });
  await recordAudit(tx, actor, {
    action: `settings.${section.key}`,
    entity: "settings",
    entityId: section.key,
    before: section.redact ? section.redact(before.value) : before.value,
    after: section.redact ? section.redact(value) : value,
  });
  return { value, version };
}
