/**
 * The bulk stock upload (docs/decisions/0218-stock-owner-tools.md): a CSV with the stock export's
 * columns sets many products' stock in ONE transaction, or none: any bad row refuses the whole
 * file with a 400 naming every bad line.
 */
import { inArray } from "drizzle-orm";
import type { Db } from "~/server/db/client";
import { products } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import type { AuditActor } from "~/features/audit/audit.server";
import { applyStockSettings } from "./adjust.server";
import { readStockCsv, type StockCsvRow } from "./stock-csv";

const refused = (problems: string[]) =>
  new HttpError(
    400,
    `${problems.length} ${problems.length === 1 ? "line of the file is" : "lines of the file are"} wrong, so nothing was changed:\n${problems.join("\n")}`,
  );

/** Answers how many products were set. */
export async function uploadStockCsv(
  db: Db,
  actor: AuditActor,
  text: string,
  now = new Date(),
): Promise<number> {
  const read = readStockCsv(text);
  if (!read.ok) throw refused(read.problems);
  const byProduct = new Map<string, StockCsvRow[]>();
  for (const row of read.rows)
    byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return db.transaction(async (tx) => {
    const ids = [...byProduct.keys()].sort();
    const known = new Set(
      (await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map(
        (r) => r.id,
      ),
    );
    const problems: string[] = [];
    for (const id of ids) {
      const rows = byProduct.get(id)!;
      const first = rows[0]!;
      if (!known.has(id)) {
        problems.push(`Line ${first.line}: no product has the id ${id}.`);
        continue;
      }
      if (new Set(rows.map((r) => r.mode)).size > 1) {
        problems.push(`Line ${first.line}: every line of one product needs the same stock mode.`);
        continue;
      }
      const combos = rows.filter((r) => r.combo !== "");
      if (combos.length && combos.length !== rows.length) {
        problems.push(
          `Line ${first.line}: a product is counted as a whole or per combination, not both.`,
        );
        continue;
      }
      try {
        await applyStockSettings(
          tx,
          actor,
          id,
          {
            mode: first.mode,
            lowStockAt: first.lowAt,
            ...(first.mode === "made_to_order"
              ? {}
              : combos.length
                ? { combos: Object.fromEntries(combos.map((r) => [r.combo, r.onHand])) }
                : { count: first.onHand }),
          },
          now,
        );
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        problems.push(`Line ${first.line}: ${error.message}`);
      }
    }
    if (problems.length) throw refused(problems);
    return ids.length;
  });
}
