/**
 * The rush bench's tools (bench/rush.ts): a timer that counts answers, errors and percentiles per
 * step, a pool of workers, and a tap that records the local provider's webhooks on their way to the
 * shop so they can be sent again.
 */
import { createServer, type Server } from "node:http";
import type { RushStep } from "./rush";

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
};

export class Timer {
  times: number[] = [];
  errors = 0;
  /** Answers that said a stocked piece is sold out: answers, not errors (docs/decisions/0216). */
  soldOut = 0;
  firstError = "";
  async run<T>(
    job: () => Promise<{ ok: boolean; value?: T; why?: string; soldOut?: boolean }>,
  ): Promise<T | null> {
    const start = performance.now();
    try {
      const answer = await job();
      this.times.push(performance.now() - start);
      if (answer.ok) return answer.value ?? (null as T | null);
      if (answer.soldOut) {
        this.soldOut++;
        return null;
      }
      this.errors++;
      this.firstError ||= answer.why ?? "";
    } catch (error) {
      this.errors++;
      this.firstError ||= String(error);
    }
    return null;
  }
  /** `cpuUs` and `seconds` for a step that had its own window (null where steps share one). */
  step(name: string, cpuUs: number | null, targetP99Ms?: number, seconds?: number): RushStep {
    return {
      name,
      answers: this.times.length,
      errors: this.errors,
      soldOut: this.soldOut,
      p50Ms: percentile(this.times, 50),
      p99Ms: percentile(this.times, 99),
      cpuUsPerAnswer: cpuUs === null ? null : Math.round(cpuUs / Math.max(1, this.times.length)),
      perSecond: seconds ? Math.round(this.times.length / seconds) : null,
      targetP99Ms,
    };
  }
}

/** `workers` loops pulling from `next()` until it answers undefined. */
export async function pool<T>(
  workers: number,
  next: () => T | undefined,
  job: (item: T) => Promise<void>,
) {
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let item = next(); item !== undefined; item = next()) await job(item);
    }),
  );
}

/** Records the local provider's webhooks on their way to the shop (to send them again later). */
export function webhookTap(
  port: number,
  shopBase: string,
): { server: Server; seen: { body: string; headers: Record<string, string> }[] } {
  const seen: { body: string; headers: Record<string, string> }[] = [];
  const server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (typeof v === "string" && (k.startsWith("x-") || k === "content-type")) headers[k] = v;
    seen.push({ body, headers });
    // A failed forward answers 502: the shop then records the payment in-process and says so.
    try {
      const answer = await fetch(`${shopBase}/local/webhook`, { method: "POST", headers, body });
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(await answer.text());
    } catch (error) {
      res.writeHead(502);
      res.end(String(error));
    }
  });
  server.listen(port, "127.0.0.1");
  return { server, seen };
}
