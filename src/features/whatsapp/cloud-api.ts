/**
 * WhatsApp Cloud API client over plain fetch (docs/whatsapp.md): a template message is
 *   POST {base}/{version}/{phone-number-id}/messages  (Authorization: Bearer <access token>)
 *   { messaging_product: "whatsapp", recipient_type: "individual", to, type: "template",
 *     template: { name, language: { code }, components: [{ type: "body", parameters: [{ type: "text", text }] }] } }
 * answered { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid..." }] }, or on
 * an error a Graph API error { error: { message, type, code, error_data: { details }, fbtrace_id } }.
 */

export interface CloudApiTarget {
  base: string;
  version: string;
  phoneNumberId: string;
  accessToken: string;
}

export interface TemplateSend {
  to: string;
  template: string;
  language: string;
  params: string[];
}

export type SendOutcome =
  | { ok: true; messageId: string }
  | { ok: false; code: number | null; error: string; retry: boolean };

/**
 * Error codes worth another attempt later: throttling (4, 80007, 130429, 131056), Meta's temporary
 * trouble (1, 2, 131000, 131016, 133004). Any other code (131026 undeliverable, 131047 outside the
 * 24-hour window, 132001 no such template, 131008/131009/100 bad parameters, 190 expired token...)
 * fails the message at once: a retry would fail the same way.
 */
const RETRY = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056, 133004]);

export function templateBody(send: TemplateSend): object {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: send.to,
    type: "template",
    template: {
      name: send.template,
      language: { code: send.language },
      components: send.params.length
        ? [{ type: "body", parameters: send.params.map((text) => ({ type: "text", text })) }]
        : [],
    },
  };
}

export async function sendTemplate(
  target: CloudApiTarget,
  send: TemplateSend,
  timeoutMs = 15_000,
): Promise<SendOutcome> {
  const url = new URL(
    `/${target.version}/${encodeURIComponent(target.phoneNumberId)}/messages`,
    target.base,
  );
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${target.accessToken}`,
        "content-type": "application/json",
      },
      body: JSON.stringify(templateBody(send)),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (cause) {
    return {
      ok: false,
      code: null,
      error: `WhatsApp could not be reached: ${String(cause)}`,
      retry: true,
    };
  }
  const answer = (await response.json().catch(() => null)) as {
    messages?: { id?: string }[];
    error?: { code?: number; message?: string; error_data?: { details?: string } };
  } | null;
  const id = answer?.messages?.[0]?.id;
  if (response.ok && id) return { ok: true, messageId: id };
  const code = typeof answer?.error?.code === "number" ? answer.error.code : null;
  const detail = answer?.error?.error_data?.details ?? answer?.error?.message ?? "";
  return {
    ok: false,
    code,
    error:
      `WhatsApp answered ${response.status}${code === null ? "" : ` (code ${code})`}: ${detail}`.slice(
        0,
        500,
      ),
    retry: code === null ? response.status >= 500 || response.status === 429 : RETRY.has(code),
  };
}
