/**
 * `moveDatabase()`: copies a shop's database into an empty one (from the embedded PGlite to
 * PostgreSQL, the step past one machine), in one transaction on the target, and compares the row
 * count and money sums of every table on both sides before committing.
 * docs/decisions/0079-backups-and-moving.md
 */
import type { Db } from "~/server/db/client";
import { followSequences, insertBatch, tableBatches } from "./rows.server";
import { listTables, schemaVersion, type TableFigures, tableFigures } from "./tables.server";

export interface MovedTable {
  name: string;
  source: TableFigures;
  target: TableFigures;
}

export class MoveRefused extends Error {}

export async function moveDatabase(source: Db, target: Db): Promise<MovedTable[]> {
  const [from, to] = [await schemaVersion(source), await schemaVersion(target)];
  if (from !== to) {
    throw new MoveRefused(
      `The two databases are at different schema versions (${from} and ${to}). Nothing was written.`,
    );
  }
  return source.transaction(
    (read) =>
      target.transaction(async (write) => {
        const tables = await listTables(write);
        for (const table of tables) {
          if ((await tableFigures(write, table)).rows > 0) {
            throw new MoveRefused(
              `The target database is not empty (${table.name} has rows). Nothing was written.`,
            );
          }
        }
        const moved: MovedTable[] = [];
        for (const table of tables) {
          for await (const batch of tableBatches(read, table))
            await insertBatch(write, table, batch);
          const entry = {
            name: table.name,
            source: await tableFigures(read, table),
            target: await tableFigures(write, table),
          };
          if (JSON.stringify(entry.source) !== JSON.stringify(entry.target)) {
            throw new Error(`${table.name} differs after the copy: ${JSON.stringify(entry)}`);
          }
          moved.push(entry);
        }
        await followSequences(write);
        return moved;
      }),
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
