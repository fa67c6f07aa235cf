/**
 * One "app server" process for the two-process race test (tests/checkout-two-process.test.ts):
 * serves the real webhook route export (POST /cashfree/webhook) and the real verify logic
 * (POST /verify?order_id=&uid=, verifyOrderFor without the Firebase sign-in, which this process
 * cannot fake) over HTTP, against DATABASE_URL. Port: WORKER_PORT.
 */
import { createServer } from "node:http";
import type { APIContext } from "astro";
import { verifyOrderFor } from "~/features/checkout/payment-sync.server";
import { getDb } from "~/server/db/client";
import { paymentProvider } from "~/server/payments/index.server";

const webhook = await import("~/pages/[provider]/webhook");
await getDb();

const server = createServer(async (req, res) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  try {
    if (url.pathname === "/ready") return void res.end("ok");
    if (url.pathname === "/verify") {
      const text = await verifyOrderFor(
        url.searchParams.get("uid") ?? "",
        url.searchParams.get("order_id") ?? "",
        paymentProvider(),
      );
      return void res.end(text);
    }
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers))
      if (typeof value === "string") headers.set(key, value);
    const request = new Request(url, { method: req.method, headers, body });
    const context = {
      request,
      url,
      params: { provider: "cashfree" },
      clientAddress: "127.0.0.1",
      locals: {},
    } as unknown as APIContext;
    const response = await webhook.POST!(context);
    res.writeHead(response.status, {
      "content-type": response.headers.get("content-type") ?? "text/plain",
    });
    res.end(await response.text());
  } catch (error) {
    res.writeHead(500);
    res.end(String(error));
  }
});
server.listen(Number(process.env.WORKER_PORT), "127.0.0.1");
process.on("SIGTERM", () => process.exit(0));
