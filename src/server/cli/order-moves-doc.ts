/**
 * Writes decision 0023's tables from the one move table (docs/decisions/0189): run
 * `npx tsx src/server/cli/order-moves-doc.ts` after changing src/features/orders/order-moves.ts;
 * tests/order-moves-doc.test.ts fails while the committed doc differs.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { withMoveTable } from "~/features/orders/order-moves-doc";

const DOC = "docs/decisions/0023-order-transitions.md";
writeFileSync(DOC, withMoveTable(readFileSync(DOC, "utf8")));
console.log(`${DOC}: tables written from the move table.`);
