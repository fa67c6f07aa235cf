/**
 * One writer of an order's moves (docs/decisions/0189-one-order-state-machine.md): no source file
 * but src/features/orders/order-moves.server.ts writes the orders table's guarded columns, through
 * Drizzle (`.update(orders).set({ ... })`) or SQL (`update orders set ...`). The guarded columns:
 * status, payment_status (paymentStatus) and timeline. updatedAt alone is not guarded (erasure,
 * shipping charges and the promise write it with their own columns); a move's updatedAt is the
 * writer's. Creating the order (store-order.server.ts's insert: pending, stamped) is not a move.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./helpers/imports";

const WRITER = "src/features/orders/order-moves.server.ts";
const GUARDED = ["status", "paymentStatus", "timeline"] as const;
const GUARDED_SQL = ["status", "payment_status", "timeline"];

const DRIZZLE = /\.update\(\s*(?:schema\.)?orders\s*\)\s*\.set\(([\s\S]*?)\)\s*(?:\.where|;|$)/g;
const RAW_SQL = /update\s+"?orders"?\s+set\s+([\s\S]*?)(?:\bwhere\b|\breturning\b|`)/gi;

/** The guarded columns a source writes, each as `column` (empty: none). */
function guardedWrites(source: string): string[] {
  const found: string[] = [];
  for (const [, set] of source.matchAll(DRIZZLE))
    for (const column of GUARDED)
      if (new RegExp(`(?:^|[\\s,{])${column}\\s*[:,}]`).test(set!)) found.push(column);
  for (const [, set] of source.matchAll(RAW_SQL))
    for (const column of GUARDED_SQL)
      if (new RegExp(`(?:^|[\\s,])"?${column}"?\\s*=`, "i").test(set!)) found.push(column);
  return found;
}

describe("who writes an order's status, payment state and timeline", () => {
  it("the scan sees Drizzle and SQL writes of the guarded columns (it would catch a new one)", () => {
    expect(
      guardedWrites(
        "await tx.update(orders).set({ status: 'cancelled', updatedAt: now }).where(eq(orders.id, id));",
      ),
    ).toEqual(["status"]);
    expect(
      guardedWrites(
        "await db\n  .update(orders)\n  .set({ paymentStatus, updatedAt: now })\n  .where(x);",
      ),
    ).toEqual(["paymentStatus"]);
    expect(guardedWrites("tx.update(orders).set({ notes, timeline: sql`timeline || x` })")).toEqual(
      ["timeline"],
    );
    expect(guardedWrites("sql`update orders set payment_status = 'Paid' where id = :id`")).toEqual([
      "payment_status",
    ]);
    expect(guardedWrites("sql`update orders set next_check_at = :at where id = :id`")).toEqual([]);
    expect(
      guardedWrites("tx.update(orders).set({ shippingCostPaise: paise, updatedAt: now })"),
    ).toEqual([]);
  });

  it("no file but the one writer writes them", () => {
    const writers = sourceFiles("src")
      .filter((file) => /\.(ts|tsx|astro)$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => path.relative(process.cwd(), file))
      .filter((file) => file !== WRITER && !file.startsWith("src/server/db/migrations"))
      .flatMap((file) => {
        const columns = guardedWrites(readFileSync(file, "utf8"));
        return columns.length ? [`${file}: ${columns.join(", ")}`] : [];
      });
    expect(writers).toEqual([]);
  });

  it("the one writer is the file the scan excuses", () => {
    expect(guardedWrites(readFileSync(WRITER, "utf8"))).toEqual([
      "status",
      "paymentStatus",
      "timeline",
    ]);
  });
});
