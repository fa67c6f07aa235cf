/**
 * A local fake of the WhatsApp Business Cloud API for tests and the demo, built from Meta's published
 * documentation and examples, never from the shop's code. Sources:
 * - Messages API, template messages: developers.facebook.com/docs/whatsapp/cloud-api/reference/messages
 *   and /cloud-api/guides/send-message-templates (POST /{version}/{phone-number-id}/messages,
 *   messaging_product "whatsapp", type "template", template { name, language { code }, components
 *   [{ type "body", parameters [{ type "text", text }] }] }; the answer { messaging_product,
 *   contacts [{ input, wa_id }], messages [{ id "wamid..." }] }), also the published JSON schema of
 *   that answer (github.com/api-evangelist/whatsapp json-schema/whatsapp-cloud-api-send-message-response-schema.json).
 * - Error codes: developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes (Graph API
 *   error { error { message, type "OAuthException", code, error_data { messaging_product, details },
 *   fbtrace_id } }; 190 access token expired, 131026 message undeliverable (the number is not on
 *   WhatsApp; reported in a "failed" status webhook), 131047 re-engagement message (free text more
 *   than 24 hours after the customer's last message), 132000 number of parameters does not match,
 *   132001 template does not exist in that language, 131009 parameter value is not valid (a body
 *   parameter may not hold new lines, tabs or more than 4 spaces in a row), 130429 rate limit hit).
 * - Webhooks: developers.facebook.com/docs/graph-api/webhooks/getting-started (GET hub.mode /
 *   hub.verify_token / hub.challenge; X-Hub-Signature-256 "sha256=" + HMAC-SHA256 of the payload
 *   with the app secret) and /whatsapp/cloud-api/webhooks/payload-examples (object
 *   "whatsapp_business_account", entry[].changes[].value.statuses[] { id, status, timestamp,
 *   recipient_id, errors [{ code, title, message, error_data { details } }] } and
 *   value.messages[] { from, id, timestamp, type "text", text { body } }).
 * The fake signs its webhooks with its own HMAC code below. It binds 127.0.0.1 on a free port
 * (FAKE_WHATSAPP_PORT when set). `npx tsx tests/helpers/fake-whatsapp.ts` runs it alone for the
 * demo (docs/whatsapp.md).
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { DEFAULT_TEMPLATES, type FakeTemplate, graphError, TITLES } from "./fake-whatsapp-shapes";

export { DEFAULT_TEMPLATES, type FakeTemplate };

export const FAKE_WA_TOKEN = "fake-whatsapp-access-token";
export const FAKE_WA_PHONE_ID = "106540352242922";
export const FAKE_WA_APP_SECRET = "fake-whatsapp-app-secret";

export interface FakeMessage {
  id: string;
  to: string;
  template: string;
  language: string;
  params: string[];
  at: Date;
}

export interface FakeWhatsapp {
  url: string;
  port: number;
  /** Messages the fake accepted, oldest first. */
  messages: FakeMessage[];
  /** Calls of the messages endpoint (accepted or not). */
  calls(): number;
  templates: FakeTemplate[];
  /** Numbers not on WhatsApp: accepted, then a "failed" status with 131026 (as Meta does). */
  notOnWhatsapp: Set<string>;
  /** The next answers are this Graph API error (code, HTTP status). */
  failNext(code: number, status?: number, times?: number): void;
  /** A status webhook body for a message (with Meta's error for "failed"). */
  statusPayload(
    messageId: string,
    status: "sent" | "delivered" | "read" | "failed",
    code?: number,
  ): object;
  /** An inbound text message webhook body from a number. */
  inboundPayload(from: string, text: string): object;
  /** Meta's X-Hub-Signature-256 value for a raw body (the fake's own HMAC code). */
  sign(raw: string, appSecret?: string): string;
  /** POSTs a webhook body to the shop signed with the app secret; answers the shop's status. */
  deliver(webhookUrl: string, payload: object, appSecret?: string): Promise<number>;
  close(): Promise<void>;
}

function sign(raw: string, appSecret = FAKE_WA_APP_SECRET): string {
  return `sha256=${createHmac("sha256", appSecret).update(raw, "utf8").digest("hex")}`;
}

export async function startFakeWhatsapp(): Promise<FakeWhatsapp> {
  const messages: FakeMessage[] = [];
  const failures: { code: number; status: number }[] = [];
  const notOnWhatsapp = new Set<string>();
  const templates = [...DEFAULT_TEMPLATES];
  let calls = 0;

  const answer = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse, text: string) {
    const match = /^\/(v\d+\.\d+)\/(\d+)\/messages$/.exec(req.url ?? "");
    if (req.method !== "POST" || !match) return answer(res, 404, graphError(100, "Unknown path"));
    calls++;
    if (req.headers.authorization !== `Bearer ${FAKE_WA_TOKEN}`)
      return answer(res, 401, graphError(190, "Error validating access token"));
    if (match[2] !== FAKE_WA_PHONE_ID)
      return answer(res, 400, graphError(100, "Unknown phone number id"));
    const failure = failures.shift();
    if (failure)
      return answer(res, failure.status, graphError(failure.code, "Made to fail by the test"));
    let body: Record<string, any>;
    try {
      body = JSON.parse(text);
    } catch {
      return answer(res, 400, graphError(100, "The request body is not JSON"));
    }
    if (body.messaging_product !== "whatsapp")
      return answer(res, 400, graphError(100, "messaging_product must be whatsapp"));
    if (typeof body.to !== "string" || !/^\d{8,15}$/.test(body.to))
      return answer(res, 400, graphError(100, "to must be a phone number in digits"));
    // The shop never wrote to these numbers first: anything but a template is outside the window.
    if (body.type !== "template")
      return answer(
        res,
        400,
        graphError(131047, "More than 24 hours have passed since the recipient last replied"),
      );
    const t = body.template ?? {};
    const known = templates.find((k) => k.name === t.name && k.language === t.language?.code);
    if (!known)
      return answer(
        res,
        404,
        graphError(132001, `template name (${t.name}) does not exist in ${t.language?.code}`),
      );
    const bodyPart = (t.components ?? []).find((c: { type?: string }) => c.type === "body");
    const params: unknown[] = bodyPart?.parameters ?? [];
    if (params.length !== known.params)
      return answer(
        res,
        400,
        graphError(132000, `expected ${known.params} parameters, got ${params.length}`),
      );
    const texts: string[] = [];
    for (const p of params as { type?: string; text?: unknown }[]) {
      if (p.type !== "text" || typeof p.text !== "string" || !p.text || /[\n\t]| {5,}/.test(p.text))
        return answer(
          res,
          400,
          graphError(
            131009,
            "Param text cannot have new-line/tab characters or more than 4 consecutive spaces",
          ),
        );
      texts.push(p.text);
    }
    const id = `wamid.${randomBytes(24).toString("base64url")}`;
    messages.push({
      id,
      to: body.to,
      template: known.name,
      language: known.language,
      params: texts,
      at: new Date(),
    });
    answer(res, 200, {
      messaging_product: "whatsapp",
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id }],
    });
  }

  const server = createServer((req, res) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => void handle(req, res, text));
  });
  await new Promise<void>((resolve) =>
    server.listen(Number(process.env.FAKE_WHATSAPP_PORT ?? 0), "127.0.0.1", resolve),
  );
  const port = (server.address() as { port: number }).port;

  const value = (field: object) => ({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550783881", phone_number_id: FAKE_WA_PHONE_ID },
              ...field,
            },
          },
        ],
      },
    ],
  });

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    messages,
    calls: () => calls,
    templates,
    notOnWhatsapp,
    failNext(code, status = 400, times = 1) {
      for (let i = 0; i < times; i++) failures.push({ code, status });
    },
    statusPayload(messageId, status, code) {
      const sent = messages.find((m) => m.id === messageId);
      const failed = status === "failed" ? (code ?? 131026) : null;
      return value({
        statuses: [
          {
            id: messageId,
            status,
            timestamp: String(Math.floor(Date.now() / 1000)),
            recipient_id: sent?.to ?? "",
            ...(failed
              ? {
                  errors: [
                    {
                      code: failed,
                      title: TITLES[failed] ?? "Error",
                      message: TITLES[failed] ?? "Error",
                      error_data: {
                        details: "Message failed to send because the number is not on WhatsApp.",
                      },
                    },
                  ],
                }
              : {}),
          },
        ],
      });
    },
    inboundPayload(from, text) {
      return value({
        contacts: [{ profile: { name: "Customer" }, wa_id: from }],
        messages: [
          {
            from,
            id: `wamid.${randomBytes(24).toString("base64url")}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: "text",
            text: { body: text },
          },
        ],
      });
    },
    sign,
    async deliver(webhookUrl, payload, appSecret = FAKE_WA_APP_SECRET) {
      const raw = JSON.stringify(payload);
      const signature = sign(raw, appSecret);
      const res = await fetch(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "x-hub-signature-256": signature },
        body: raw,
      });
      await res.arrayBuffer();
      return res.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeWhatsapp();
  console.log(
    `Fake WhatsApp Cloud API on ${fake.url}\nSet WHATSAPP_API_BASE=${fake.url}; in Settings → WhatsApp: phone number id ${FAKE_WA_PHONE_ID}, access token ${FAKE_WA_TOKEN}, app secret ${FAKE_WA_APP_SECRET}.`,
  );
}
