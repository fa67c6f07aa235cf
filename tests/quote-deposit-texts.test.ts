/**
 * What a quote with a deposit says (decisions 0124, 0206) on both engines: its mail and page name
 * the advance now and the balance before dispatch, never "paid in full upfront"; after the advance
 * the page says the balance is still due, and when.
 */
import { describe, expect, it, vi } from "vitest";
import { QUOTE_TEXTS, paidText, quotePolicies } from "~/features/custom/quotes";
import { formatInr } from "~/lib/money";
import { call } from "./helpers/call";
import { OWNER, customWorkKit, quoteBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const depositRoute = await import("~/pages/v2/admin/quotes/[id]/deposit");

describe.each(dbKinds)("a quote with a deposit says what is paid and due, on %s", (kind) => {
  const k = customWorkKit(kind);

  it("the mail names the advance and the balance, not a full payment upfront", async () => {
    const email = `adv-${kind}@example.com`;
    const created = await k.create(await k.inquiry(email), quoteBody({ price: 11_000 }));
    const id = created.json.id as string;
    const set = await call(depositRoute.PUT, `/v2/admin/quotes/${id}/deposit`, {
      method: "PUT",
      token: OWNER,
      body: { percent: 50 },
      params: { id },
    });
    expect(set.status).toBe(200);
    expect((await k.act(id, "send")).status).toBe(200);
    const mail = (await k.mailsTo(email)).at(-1)!.body;
    expect(mail).not.toContain("paid in full upfront");
    expect(mail).toContain("Advance now: ₹5,500.00");
    expect(mail).toContain("Balance before dispatch: ₹5,500.00");
  });
});

describe("the quote page's texts with a deposit", () => {
  it("no 'Full payment upfront' beside an advance; after the advance, the balance is due", () => {
    expect(quotePolicies(true).join(" ")).not.toContain("Full payment upfront");
    expect(quotePolicies(false)).toContain("Full payment upfront: no cash on delivery.");
    const due = paidText({ balance: 549_900, balancePaidAt: null }, formatInr);
    expect(due).not.toBe(QUOTE_TEXTS.paid);
    expect(due).toContain("₹5,499.00 is due before dispatch");
    expect(paidText({ balance: 549_900, balancePaidAt: "2026-11-01T00:00:00Z" }, formatInr)).toBe(
      QUOTE_TEXTS.paid,
    );
    expect(paidText(null, formatInr)).toBe(QUOTE_TEXTS.paid);
  });
});
