/**
 * The manifest at the root of a backup archive: what the archive holds, how to check it, and the
 * figures a restore must reproduce. Parsed with zod, since an archive is input from outside.
 */
import { z } from "zod/mini";

export const ARCHIVE_FORMAT = "resin-shop-backup/1";

const sha256 = z.string().check(z.regex(/^[0-9a-f]{64}$/));
const safePath = z.string().check(
  z.regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/),
  z.refine((p) => !p.split("/").includes(".."), "no '..' in paths"),
);

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  createdAt: z.string(),
  engine: z.enum(["pglite", "postgresql"]),
  /** How many committed migrations the database had applied. */
  schemaVersion: z.number().check(z.int(), z.nonnegative()),
  tables: z.array(
    z.object({
      name: z.string(),
      file: safePath,
      rows: z.number().check(z.int(), z.nonnegative()),
      sha256,
      /** Sum of each money column (paise), as exact decimal text. */
      money: z.record(z.string(), z.string()),
    }),
  ),
  media: z.array(
    z.object({ path: safePath, bytes: z.number().check(z.int(), z.nonnegative()), sha256 }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** Rows and money of the whole database, for a person to compare at a glance. */
export function summary(manifest: Pick<Manifest, "tables" | "media">): string[] {
  const lines = manifest.tables.map((t) => {
    const money = Object.entries(t.money)
      .map(([column, paise]) => `${column}=${paise}`)
      .join(" ");
    return `  ${t.name.padEnd(24)} ${String(t.rows).padStart(8)} rows${money ? `  ${money}` : ""}`;
  });
  const bytes = manifest.media.reduce((sum, m) => sum + m.bytes, 0);
  lines.push(
    `  ${"media files".padEnd(24)} ${String(manifest.media.length).padStart(8)} (${bytes} bytes)`,
  );
  return lines;
}
