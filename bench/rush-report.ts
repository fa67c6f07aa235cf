/** The rush's figures as a table and a verdict line (bench/rush.ts; docs/performance.md). */
import type { RushFigures } from "./rush";

export function rushTable(r: RushFigures): string {
  const header = [
    "Step",
    "Answers",
    "Errors",
    "Sold out",
    "p50",
    "p99",
    "Target p99",
    "Answers/s",
    "Server CPU/answer",
  ];
  const rows = r.steps.map((s) => [
    s.name,
    String(s.answers),
    String(s.errors),
    String(s.soldOut),
    `${s.p50Ms} ms`,
    `${s.p99Ms} ms`,
    s.targetP99Ms ? `< ${s.targetP99Ms} ms ${s.p99Ms < s.targetP99Ms ? "(met)" : "(NOT met)"}` : "",
    s.perSecond === null ? "" : String(s.perSecond),
    s.cpuUsPerAnswer === null ? "" : `${s.cpuUsPerAnswer} µs`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  return [
    r.busyCore
      ? "Another process kept one core busy from the first shopper to the last row (--busy-core).\n"
      : "",
    `${r.shoppers} shoppers, ${r.connections} at a time: ${r.shoppersDone} added two lines, checked out and paid in ` +
      `${r.rushSeconds} s (target 60 s: ${r.rushSeconds <= 60 && r.shoppersDone === r.shoppers ? "met" : "NOT met"}); ` +
      `server CPU ${(r.rushCpuUsPerShopper / 1000).toFixed(1)} ms per shopper (four requests and the webhook). ` +
      `Then ${r.paced.arrivals} other shoppers arriving at random over ${r.paced.seconds} s, at most ${r.connections} ` +
      `at a time (${r.paced.waited} found every connection busy, longest wait ${Math.round(r.paced.longestWaitMs)} ms; ` +
      `server CPU ${(r.paced.cpuUsPerShopper / 1000).toFixed(1)} ms per shopper): the p99 targets are measured there. ` +
      `Then ${r.connections} busy connections for ${r.seconds} s per row below (how much one server takes). ` +
      `In both rushes every fourth shopper also tries for a piece counted in stock (${r.pieces} of them ` +
      `per rush): "Sold out" counts the shop's answers that it is gone (not errors); such a shopper ` +
      `checks out without it.`,
    "",
    line(header),
    `|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`,
    ...rows.map(line),
    "",
    `Orders answered ${r.ordersAnswered}; lost ${r.ordersLost} (answered but not in the database); ` +
      `payments lost ${r.paymentsLost} (paid on the page but the order not paid); paid twice ${r.paidTwice} ` +
      `(${r.webhookPaidRows} payment rows that paid an order, for ${r.paymentsMade} payments).`,
  ].join("\n");
}
