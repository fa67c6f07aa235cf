/**
 * Decision 0023 shows the move table the code runs (docs/decisions/0189-one-order-state-machine.md):
 * its generated block equals what src/features/orders/order-moves.ts renders now. After changing
 * the table: `npx tsx src/server/cli/order-moves-doc.ts`.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { allowedTargets } from "~/features/orders/order-moves";
import { renderMoveTable, withMoveTable } from "~/features/orders/order-moves-doc";

const DOC = readFileSync("docs/decisions/0023-order-transitions.md", "utf8");

describe("decision 0023's move table", () => {
  it("is the one the code runs", () => {
    expect(DOC).toContain(renderMoveTable());
    expect(withMoveTable(DOC)).toBe(DOC);
  });

  it("renders the owner's moves as the status control offers them", () => {
    expect(renderMoveTable()).toContain(`| shipped | ${allowedTargets("shipped").join(", ")} |`);
    expect(renderMoveTable()).toContain("| delivered | nothing |");
  });
});
