/**
 * The Auth Emulator guard (see firebase-admin.server.ts, "Demo mode"): the emulator's tokens are
 * not signed, so it is refused unless DEMO_MODE is on and the shop, its emulator and PUBLIC_SITE_URL
 * are on this machine only, with no proxy in front. Also which host names are loopback ones.
 */
import { env } from "~/server/env";
import { demoModeWarning } from "./demo";
import { log } from "~/server/log/logger";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

let warned = false;

/** Tests: the next refusal or demo warning is logged again (setFirebaseAppForTests). */
export function resetEmulatorWarning(): void {
  warned = false;
}

function hostPart(hostPort: string): string {
  if (hostPort.startsWith("[")) return hostPort.slice(0, hostPort.indexOf("]") + 1);
  const colon = hostPort.lastIndexOf(":");
  return colon > 0 && hostPort.indexOf(":") === colon ? hostPort.slice(0, colon) : hostPort;
}

/** Whether "host" or "host:port" names this machine only: localhost, 127.0.0.1 or ::1. */
export function isLoopbackHost(hostPort: string): boolean {
  return LOOPBACK.has(hostPart(hostPort.trim().toLowerCase()));
}

/** The host name of PUBLIC_SITE_URL ("[::1]" for IPv6), or the raw value when it does not parse. */
function siteHost(siteUrl: string): string {
  try {
    return new URL(siteUrl).hostname;
  } catch {
    return siteUrl;
  }
}

/** The emulator host when firebase-admin is pointed at the Auth Emulator. */
export function emulatorHost(): string | undefined {
  return process.env.FIREBASE_AUTH_EMULATOR_HOST || undefined;
}

/**
 * Throws (and says so loudly, once) when the Auth Emulator is configured outside demo mode on
 * localhost. firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST on every call, so this runs on
 * every verification too, not only at start.
 */
export function assertEmulatorAllowed(): void {
  const host = emulatorHost();
  if (!host) return;
  const e = env();
  const listen = process.env.HOST || e.HOST;
  const problems: string[] = [];
  if (!e.DEMO_MODE) problems.push("DEMO_MODE is not true");
  if (!LOOPBACK.has(listen)) problems.push(`the shop listens on ${listen}, not on localhost only`);
  if (!LOOPBACK.has(hostPart(host))) problems.push(`the emulator ${host} is not on this machine`);
  // Behind a reverse proxy every visitor arrives from 127.0.0.1: listening on loopback proves nothing.
  if (e.TRUST_PROXY)
    problems.push(
      "TRUST_PROXY is true (the shop is meant to sit behind a proxy that others can reach)",
    );
  const site = siteHost(e.PUBLIC_SITE_URL);
  if (!LOOPBACK.has(site))
    problems.push(`PUBLIC_SITE_URL (${e.PUBLIC_SITE_URL}) is on ${site}, not on localhost`);
  if (problems.length > 0) {
    const message =
      `REFUSING TO RUN: FIREBASE_AUTH_EMULATOR_HOST=${host} is set, and the Auth Emulator accepts unsigned tokens ` +
      `(anyone could sign in as anyone), but ${problems.join(" and ")}. Unset FIREBASE_AUTH_EMULATOR_HOST for ` +
      `production, or run the demo with DEMO_MODE=true, HOST=127.0.0.1, TRUST_PROXY unset and PUBLIC_SITE_URL on localhost.`;
    if (!warned) {
      warned = true;
      log.error(`\n${"!".repeat(100)}\n${message}\n${"!".repeat(100)}\n`);
    }
    throw new Error(message);
  }
  // `npm start` prints the warning once, in its final banner (src/server/cli/banner.ts).
  if (!warned && process.env.SHOP_DEMO_BANNER !== "1") {
    warned = true;
    const rule = "*".repeat(100);
    log.warn(`\n${rule}\n${demoModeWarning(host, listen).join("\n")}\n${rule}\n`);
  }
}
