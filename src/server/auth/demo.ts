/**
 * Fixed identities of demo mode (`npm start` without a Firebase project): the Auth Emulator's
 * project id and the two demo accounts the seed keeps in the emulator and the database.
 * These passwords are public on purpose (README, docs/demo.md, start banner): they only ever exist in the
 * local emulator, which the server refuses to trust outside demo mode on localhost.
 */
import type { Role } from "~/lib/roles";

export const DEMO_PROJECT_ID = "demo-resin";

/** The demo-mode warning's lines: the emulator's tokens are unsigned, so loopback only. */
export function demoModeWarning(emulator: string, listen: string): string[] {
  return [
    `  DEMO MODE: sign-in is checked by the local Firebase Auth Emulator at ${emulator}.`,
    `  Its tokens are NOT signed. This is safe only because the shop listens on ${listen} (this machine only).`,
    "  Never expose this server to a network.",
  ];
}

export interface DemoAccount {
  uid: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
  dateOfBirth: string;
  gender: "male" | "female" | "other";
  role: Role;
}

export const DEMO_OWNER: DemoAccount = {
  uid: "demo-owner",
  email: "owner@resintales.example",
  password: "resin-owner-2024",
  firstName: "Meera",
  lastName: "Kapoor",
  phone: "9810000001",
  dateOfBirth: "1990-04-12",
  gender: "female",
  role: "tm_admin",
};

export const DEMO_SHOPPER: DemoAccount = {
  uid: "demo-shopper",
  email: "shopper@resintales.example",
  password: "resin-shopper-2024",
  firstName: "Arjun",
  lastName: "Mehta",
  phone: "9810000002",
  dateOfBirth: "1995-09-23",
  gender: "male",
  role: "customer",
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [DEMO_OWNER, DEMO_SHOPPER];
