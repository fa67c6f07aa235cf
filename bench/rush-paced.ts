/**
 * The order rush at its own pace (bench/rush.ts; docs/decisions/0066-performance-targets.md):
 * shoppers arrive one by one over `seconds` at random moments (a Poisson process, seeded, so every
 * run sees the same arrivals), at most `connections` of them in the shop at once. Each runs its
 * whole journey when it arrives; a shopper who finds all connections busy waits for one, and that
 * wait is counted. This is the latency a shopper sees during the sale, where the runs at 50 busy
 * connections measure how much one server takes.
 */
import { seededRandom } from "./random";
export interface PacedFigures {
  arrivals: number;
  seconds: number;
  /** Shoppers who found every connection busy on arrival, and the longest such wait. */
  waited: number;
  longestWaitMs: number;
}

/** Arrival moments (ms from the start) of `count` shoppers spread over `seconds`, in order. */
export function arrivals(count: number, seconds: number, seed = 20261127): number[] {
  const random = seededRandom(seed);
  const gaps = Array.from({ length: count + 1 }, () => -Math.log(1 - random()));
  const total = gaps.reduce((sum, g) => sum + g, 0);
  const times: number[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    at += gaps[i]!;
    times.push((at / total) * seconds * 1000);
  }
  return times;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export async function pacedRush<T>(
  items: T[],
  options: { seconds: number; connections: number },
  journey: (item: T) => Promise<void>,
): Promise<PacedFigures> {
  const at = arrivals(items.length, options.seconds);
  const t0 = performance.now();
  let inShop = 0;
  let waited = 0;
  let longestWaitMs = 0;
  const free: (() => void)[] = [];
  const running: Promise<void>[] = [];
  for (let i = 0; i < items.length; i++) {
    await sleep(t0 + at[i]! - performance.now());
    if (inShop >= options.connections) {
      const since = performance.now();
      waited++;
      await new Promise<void>((resolve) => free.push(resolve));
      longestWaitMs = Math.max(longestWaitMs, performance.now() - since);
    }
    inShop++;
    running.push(
      journey(items[i]!).finally(() => {
        inShop--;
        free.shift()?.();
      }),
    );
  }
  await Promise.all(running);
  return { arrivals: items.length, seconds: options.seconds, waited, longestWaitMs };
}
