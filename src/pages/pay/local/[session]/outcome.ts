import type { APIContext } from "astro";
import { takeLocalOutcome } from "~/features/checkout/local-pay.server";
import { HttpError, methods, readBodyText } from "~/server/http";

/** The three buttons of /pay/local/{session} post a form here (field `outcome`); 303 to the return URL. */
async function post(context: APIContext): Promise<Response> {
  const form = new URLSearchParams(await readBodyText(context.request, 4096));
  const session = context.params.session;
  if (!session) throw new HttpError(404, "Page not found");
  const location = await takeLocalOutcome(session, form.get("outcome") ?? "");
  return new Response(null, { status: 303, headers: { location } });
}

export const { POST, ALL } = methods({ POST: post });
