/**
 * One "app server" process for the two-process numbering test (tests/invoices-two-process.test.ts):
 * POST /pay?order={id}&amount={paise} records a SUCCESS for the order as a provider's report would
 * (recordPayment, which issues the invoice in its transaction), against DATABASE_URL. Port: WORKER_PORT.
 */
import { createServer } from "node:http";
import { getDb } from "~/server/db/client";
import { pay } from "./books";

const db = await getDb();

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  try {
    if (url.pathname === "/ready") return void res.end("ok");
    const id = url.searchParams.get("order") ?? "";
    const effect = await pay(db, { id, totalPaise: Number(url.searchParams.get("amount")) });
    res.end(effect);
  } catch (error) {
    res.writeHead(500);
    res.end(String(error));
  }
});
server.listen(Number(process.env.WORKER_PORT), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
