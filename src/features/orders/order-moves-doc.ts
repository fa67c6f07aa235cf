/**
 * Decision 0023's tables, rendered from ORDER_MOVES (order-moves.ts): the doc's generated block
 * (npx tsx src/server/cli/order-moves-doc.ts; tests/order-moves-doc.test.ts keeps them equal).
 */
import { ORDER_STATUSES } from "./status";
import { allowedTargets, type MoveRule, ORDER_MOVES } from "./order-moves";

/** Decision 0023's tables, as docs/decisions/0023-order-transitions.md shows them. */
export function renderMoveTable(): string {
  const owner = ORDER_STATUSES.map(
    (from) => `| ${from} | ${allowedTargets(from).join(", ") || "nothing"} |`,
  );
  const rows = Object.entries(ORDER_MOVES).map(([name, r]: [string, MoveRule]) => {
    const to = r.to === "same" ? "(same)" : r.to;
    const payment = r.payment
      ? `${r.payment}${r.keepsPayment ? ` (${r.keepsPayment} kept)` : ""}`
      : "";
    const stamps = [...r.stamps, ...(r.fills ?? []).map((s) => `${s} if missing`)].join(", ");
    const cells = [
      name,
      r.by,
      r.what,
      r.from.join(", "),
      to,
      payment,
      stamps,
      r.unless?.text ?? "",
    ];
    return `| ${cells.join(" | ")} |`;
  });
  return [
    "The owner's status control:",
    "",
    "| From | To |",
    "| --- | --- |",
    ...owner,
    "",
    "Every move, by whoever causes it:",
    "",
    "| Move | Who | What | From | To | Payment | Stamps | Unless |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

export const MOVE_TABLE_START =
  "<!-- order-moves: generated from src/features/orders/order-moves.ts -->";
export const MOVE_TABLE_END = "<!-- /order-moves -->";

/** The decision's text with its generated block replaced by what the table renders now. */
export function withMoveTable(doc: string): string {
  const start = doc.indexOf(MOVE_TABLE_START);
  const end = doc.indexOf(MOVE_TABLE_END);
  if (start < 0 || end < start) throw new Error("The decision has no order-moves block.");
  return `${doc.slice(0, start + MOVE_TABLE_START.length)}\n\n${renderMoveTable()}\n\n${doc.slice(end)}`;
}
