/**
 * The inquiry's mail to the owner: written to the outbox in the request, delivered by the
 * background sender through SMTP (a fake server), and kept with its error, retried with backoff,
 * while SMTP is down.
 */
import { describe, expect, it } from "vitest";
import { deliverDueMail } from "~/server/mail.server";
import { MAX_MAIL_ATTEMPTS } from "~/server/outbox-claim.server";
import { dbKinds } from "./helpers/db";
import { closedPort, startFakeSmtp } from "./helpers/fake-smtp";
import { OWNER, good, inquiryFixture, post, setEnv } from "./helpers/inquiries";

describe.each(dbKinds)("inquiry mail on %s", (kind) => {
  const { s, rows } = inquiryFixture(kind);

  it("writes the owner's mail to the outbox in the request; the background sender delivers it through SMTP and marks it sent", async () => {
    const smtp = await startFakeSmtp();
    try {
      setEnv({
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: "Resin Tales <shop@resintales.test>",
      });
      const res = await post(good);
      expect(res.status).toBe(201);
      expect(smtp.messages).toHaveLength(0); // the request never talks to SMTP
      expect(await deliverDueMail(s.t.db)).toEqual({ sent: 1, failed: 0 });
      expect(await deliverDueMail(s.t.db)).toEqual({ sent: 0, failed: 0 }); // sent once

      expect(smtp.messages).toHaveLength(1);
      const message = smtp.messages[0]!;
      expect(smtp.envelopes[0]).toEqual([
        expect.stringContaining("<shop@resintales.test>"),
        expect.stringContaining(`<${OWNER}>`),
      ]);
      expect(message).toMatch(/^To: owner@resintales\.test\r$/m);
      expect(message).toMatch(/^Reply-To: asha@example\.com\r$/m);
      expect(message).toMatch(
        /^Subject: New custom order inquiry: Varmala preservation from Asha Verma\r$/m,
      );
      expect(message).toMatch(/^Content-Type: text\/plain/m);
      expect(message).not.toMatch(/text\/html/);
      expect(message).toContain("Asha Verma");

      const { inquiries, outbox } = await rows();
      expect(inquiries).toHaveLength(1);
      expect(outbox).toHaveLength(1);
      expect(outbox[0]!.sentAt).toBeInstanceOf(Date);
      expect(outbox[0]!.error).toBeNull();
    } finally {
      await smtp.close();
    }
  });

  it("keeps the inquiry and answers 201 when the SMTP server is down; the sender retries with backoff and the row keeps the error", async () => {
    setEnv({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    const res = await post(good);
    expect(res.status).toBe(201);
    expect(res.json.ok).toBe(true);
    expect(await deliverDueMail(s.t.db)).toEqual({ sent: 0, failed: 1 });
    expect(await deliverDueMail(s.t.db)).toEqual({ sent: 0, failed: 0 }); // not due again yet (backoff)
    let later = Date.now();
    for (let i = 1; i < MAX_MAIL_ATTEMPTS; i++) {
      later += 3 * 60 * 60_000;
      expect(await deliverDueMail(s.t.db, new Date(later))).toEqual({ sent: 0, failed: 1 });
    }
    expect(await deliverDueMail(s.t.db, new Date(later + 24 * 60 * 60_000))).toEqual({
      sent: 0,
      failed: 0,
    }); // gave up
    expect((await rows()).outbox[0]!.attempts).toBe(MAX_MAIL_ATTEMPTS);

    const { inquiries, outbox } = await rows();
    expect(inquiries).toHaveLength(1);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.sentAt).toBeNull();
    expect(outbox[0]!.error).toEqual(expect.stringMatching(/ECONNREFUSED|connect/i));
    expect(console.error).toHaveBeenCalled();
  });
});
