/**
 * The demo's WhatsApp page (docs/decisions/0241-demo-whatsapp-page.md) on both engines: in demo mode
 * it lists the WhatsApp messages (the proof with its approve link as a link); a 404 otherwise.
 * Also the pure parts: numbers as WhatsApp takes them, the chat link, and the settings' problems.
 */
import { describe, expect, it } from "vitest";
import { giveConsent } from "~/features/whatsapp/consent.server";
import { loadDemoMails } from "~/features/demo/demo-mails.server";
import { loadDemoWhatsapp, withLinks } from "~/features/whatsapp/demo-whatsapp.server";
import { enqueueWhatsapp } from "~/features/whatsapp/enqueue.server";
import { chatLink, waNumber } from "~/features/whatsapp/phone";
import { whatsappProblems, whatsappSection } from "~/features/whatsapp/whatsapp-settings";
import { dbKinds } from "./helpers/db";
import { restoreEnvAfterEach, setEnvVars } from "./helpers/env-vars";
import { useTestDb } from "./helpers/suite-db";
import { useFakeSettings } from "./helpers/whatsapp";

describe.each(dbKinds)("the demo WhatsApp page on %s", (kind) => {
  const t = useTestDb(kind);
  restoreEnvAfterEach(["DEMO_MODE"]);

  it("shows the proof message with its approve link in demo mode, and is missing outside it", async () => {
    await useFakeSettings(t.db, "http://127.0.0.1:9");
    await giveConsent(t.db, { email: "meera@example.com" }, "9876543210", "checkout");
    await enqueueWhatsapp(t.db, {
      event: "proof-ready",
      email: "meera@example.com",
      params: ["Meera", "ord_1", "1", "http://localhost:4321/my-orders/ord_1"],
    });
    setEnvVars({ DEMO_MODE: undefined });
    expect(await loadDemoWhatsapp()).toEqual({ state: "missing", status: 404 });
    setEnvVars({ DEMO_MODE: "true" });
    const page = await loadDemoWhatsapp();
    expect(page.state === "found" && page.messages.map((m) => [m.template, m.to])).toEqual([
      ["proof_ready", "919876543210"],
    ]);
    const mails = await loadDemoMails();
    expect(mails.state === "found" && mails.mails.map((m) => m.to)).toEqual([]);
    const line = page.state === "found" ? page.messages[0]!.text.split("\n").at(-1)! : "";
    expect(withLinks(line)).toEqual([
      { text: "approve link: " },
      {
        text: "http://localhost:4321/my-orders/ord_1",
        href: "http://localhost:4321/my-orders/ord_1",
      },
    ]);
  });
});

describe("WhatsApp's pure parts", () => {
  it("takes Indian numbers in the shapes people write them", () => {
    expect(
      ["+91 98765 43210", "98765-43210", "098765 43210", "919876543210"].map(waNumber),
    ).toEqual(Array(4).fill("919876543210"));
    expect(["12345", "+91 12345 67890", "call me"].map(waNumber)).toEqual([null, null, null]);
  });

  it("links to the studio's chat with the message prefilled, and nothing without a number", () => {
    expect(chatLink("+91 98450 12345", "About order ord_1")).toBe(
      "https://wa.me/919845012345?text=About%20order%20ord_1",
    );
    expect(chatLink("", "About order ord_1")).toBeNull();
  });

  it("names what is missing when WhatsApp is on, and nothing when it is off", () => {
    const off = { ...whatsappSection.defaults(), enabled: false };
    expect(whatsappProblems(off)).toEqual([]);
    const on = { ...off, enabled: true, phoneNumberId: "1065", verifyToken: "short" };
    expect(whatsappProblems(on)).toEqual([
      "WhatsApp is turned on but Settings → WhatsApp lacks the WhatsApp Business Account id, the access token, the app secret (webhooks could not be checked), a verify token of 16 or more characters.",
    ]);
  });
});
