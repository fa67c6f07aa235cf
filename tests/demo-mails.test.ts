/**
 * The demo's mails page (docs/decisions/0201-demo-mails-page.md) on both engines: in demo mode it
 * lists the mails the shop sent, newest first, or those to one address; outside demo mode it is
 * missing (a 404), whatever the outbox holds.
 */
import { describe, expect, it } from "vitest";
import { loadDemoMails } from "~/features/demo/demo-mails.server";
import { sendMail } from "~/server/mail.server";
import { dbKinds } from "./helpers/db";
import { restoreEnvAfterEach, setEnvVars } from "./helpers/env-vars";
import { useTestDb } from "./helpers/suite-db";

describe.each(dbKinds)("the demo mails page on %s", (kind) => {
  const t = useTestDb(kind);
  restoreEnvAfterEach(["DEMO_MODE"]);

  it("shows the shop's mails in demo mode, newest first, and only those to the address asked for", async () => {
    await sendMail(t.db, {
      to: "meera@example.com",
      subject: "Order confirmed",
      text: "Thank you",
    });
    await sendMail(t.db, {
      to: "ravi@example.com",
      subject: "Your proof is ready",
      text: "See it",
    });
    setEnvVars({ DEMO_MODE: "true" });
    const all = await loadDemoMails();
    expect(all.state).toBe("found");
    if (all.state !== "found") return;
    expect(all.mails.map((m) => m.subject).slice(0, 2)).toEqual([
      "Your proof is ready",
      "Order confirmed",
    ]);
    const one = await loadDemoMails("MEERA@");
    expect(one.state === "found" && one.mails.map((m) => m.to)).toEqual(["meera@example.com"]);
    expect(one.state === "found" && one.mails[0]?.body).toContain("Thank you");
  });

  it("is missing outside demo mode", async () => {
    setEnvVars({ DEMO_MODE: undefined });
    expect(await loadDemoMails()).toEqual({ state: "missing", status: 404 });
  });
});
