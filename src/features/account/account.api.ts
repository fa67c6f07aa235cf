/**
 * HTTP handlers of the account calls (docs/product.md §7 Authentication and profile). Every handler first
 * verifies the bearer token (401), then parses the body and query with zod (400, nothing written),
 * then writes inside one transaction and answers the updated user. The uid and email always come
 * from the verified token. The route files under src/pages/v2/ only wire these.
 */
import type { APIContext } from "astro";
import { and, count, eq, ne, sql } from "drizzle-orm";
import { ensureUserRow, firstWord, requireIdentity } from "~/server/auth/auth.server";
import { getDb, type DbOrTx } from "~/server/db/client";
import { addresses, users } from "~/server/db/schema";
import { env } from "~/server/env";
import { z } from "zod/mini";
import {
  clientKey,
  HttpError,
  json,
  MAX_BODY_BYTES,
  parseJsonBody,
  parseWith,
  readBodyText,
  readJson,
  readQuery,
} from "~/server/http";
import { loggable } from "~/server/log-safe";
import { log } from "~/server/log/logger";
import { limitOrRefuse } from "~/server/rate-limit-answer.server";
import { LIMITS } from "./account";
import {
  addressFieldsSchema,
  addressQuerySchema,
  googleRegisterSchema,
  newAddressSchema,
  profileSchema,
  registerSchema,
  type AddressInput,
} from "./account.schema";
import { mustLoad } from "./account.server";
import { signInTokenFor } from "./sign-in-token.server";
import { setReminderConsent } from "~/features/reminders/reminder-consent.server";

export const TOO_MANY_SIGN_UPS = "Too many sign-ups from your network.";

/**
 * Something another feature answers in the same round trip as a sign-in (the cart, wired in the
 * route file so this feature does not import it; decision 0290): the body's field `key`, checked
 * with `schema`, answered under the same key. It never fails the sign-in: a field that does not
 * pass its schema, or whose answer fails, is left out of the answer, and the browser asks for it
 * on its own as before.
 */
export interface SignInPart<T> {
  key: string;
  schema: z.ZodMiniType<T>;
  /** How much larger the body may be with this field. */
  maxBytes: number;
  answer(uid: string, input: T, context: APIContext): Promise<unknown>;
}

/** The answer of a sign-in: the user, plus the part's answer when the body asked for it. */
async function withPart<T>(
  context: APIContext,
  uid: string,
  body: unknown,
  part: SignInPart<T> | undefined,
): Promise<Record<string, unknown>> {
  if (!part || typeof body !== "object" || body === null || !(part.key in body)) return {};
  const parsed = z.safeParse(part.schema, (body as Record<string, unknown>)[part.key]);
  if (!parsed.success) return {};
  try {
    return { [part.key]: await part.answer(uid, parsed.data, context) };
  } catch (error) {
    log.warn(`[auth] the sign-in's ${part.key} could not be answered`, loggable(error));
    return {};
  }
}

/** POST /v2/auth/register: creates (or completes) the record after an email sign-up. */
export async function postRegister<T>(
  context: APIContext,
  part?: SignInPart<T>,
): Promise<Response> {
  const identity = await requireIdentity(context);
  const raw = await readJson(context.request, z.unknown(), MAX_BODY_BYTES + (part?.maxBytes ?? 0));
  const body = parseWith(registerSchema, raw);
  const db = await getDb();
  // Sign-ups per client address (docs/decisions/0072-order-floods-and-rate-limits.md).
  const { REGISTER_LIMIT_PER_HOUR, TRUST_PROXY } = env();
  await limitOrRefuse(
    db,
    `register:${clientKey(context, TRUST_PROXY)}`,
    REGISTER_LIMIT_PER_HOUR,
    TOO_MANY_SIGN_UPS,
  );
  const { user, created } = await db.transaction(async (tx) => {
    const { created } = await ensureUserRow(tx, identity, body);
    await tx
      .update(users)
      .set({
        firstName: body.firstName,
        lastName: body.lastName,
        displayName: `${body.firstName} ${body.lastName}`,
        phone: body.phone,
        dateOfBirth: body.dateOfBirth,
        gender: body.gender,
        updatedAt: new Date(),
      })
      .where(eq(users.id, identity.uid));
    if (body.reminders !== undefined)
      await setReminderConsent(tx, identity.uid, body.reminders, "signup");
    return { user: await mustLoad(tx, identity.uid), created };
  });
  // The key that signs the browser's SDK in later, for the account this call made only: a retry
  // or an older account gets none (decision 0320).
  const [extra, signInToken] = await Promise.all([
    withPart(context, identity.uid, raw, part),
    created ? signInTokenFor(identity.uid) : undefined,
  ]);
  return json(
    { ...user, ...extra, ...(signInToken ? { signInToken } : {}) },
    { status: created ? 201 : 200 },
  );
}

/** A login's body: empty, or JSON (anything but the part's field is ignored). */
async function loginBody<T>(context: APIContext, part: SignInPart<T> | undefined) {
  if (!part) return undefined;
  const text = await readBodyText(context.request, MAX_BODY_BYTES + part.maxBytes);
  return text.trim() === "" ? undefined : parseJsonBody(text);
}

/** POST /v2/auth/login: the caller's record, created on first login when missing (plus the part's answer). */
export async function postLogin<T>(context: APIContext, part?: SignInPart<T>): Promise<Response> {
  const identity = await requireIdentity(context);
  const body = await loginBody(context, part);
  const db = await getDb();
  const user = await db.transaction(async (tx) => {
    await ensureUserRow(tx, identity);
    return mustLoad(tx, identity.uid);
  });
  return json({ ...user, ...(await withPart(context, identity.uid, body, part)) });
}

/** POST /v2/auth-google/register: the record of a new Google account (first name from the body or Google). */
export async function postGoogleRegister(context: APIContext): Promise<Response> {
  const identity = await requireIdentity(context);
  const body = await readJson(context.request, googleRegisterSchema);
  const db = await getDb();
  const { user, created } = await db.transaction(async (tx) => {
    const firstName = body.firstName || firstWord(identity.name);
    const { row, created } = await ensureUserRow(tx, identity, { firstName });
    if (!created && !row.firstName && firstName) {
      await tx
        .update(users)
        .set({ firstName, updatedAt: new Date() })
        .where(eq(users.id, identity.uid));
    }
    return { user: await mustLoad(tx, identity.uid), created };
  });
  return json(user, { status: created ? 201 : 200 });
}

// ---------------------------------------------------------------------------------------------
// Profile and addresses

/** PUT /v2/users/profile: firstName, lastName, phone, gender, dateOfBirth (email is not editable). */
export async function putProfile(context: APIContext): Promise<Response> {
  const identity = await requireIdentity(context);
  const body = await readJson(context.request, profileSchema);
  const db = await getDb();
  const user = await db.transaction(async (tx) => {
    await ensureUserRow(tx, identity);
    await tx
      .update(users)
      .set({ ...body, displayName: `${body.firstName} ${body.lastName}`, updatedAt: new Date() })
      .where(eq(users.id, identity.uid));
    return mustLoad(tx, identity.uid);
  });
  return json(user);
}

function addressValues(input: AddressInput, email: string) {
  return {
    type: input.type,
    fName: input.fName,
    lName: input.lName,
    phone: input.phone,
    email,
    address1: input.address1,
    address2: input.address2,
    city: input.city,
    state: input.state,
    zipCode: input.zipCode,
    country: input.country,
    isDefault: input.isDefault,
  };
}

/** Only one default address: when `id` becomes the default, the others stop being it. */
async function keepOneDefault(tx: DbOrTx, uid: string, id: string): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, uid), ne(addresses.id, id), eq(addresses.isDefault, true)));
}

/** POST /v2/users/profile-address: saves a new address under the id the client generated. */
export async function postAddress(context: APIContext): Promise<Response> {
  const identity = await requireIdentity(context);
  const body = await readJson(context.request, newAddressSchema);
  const db = await getDb();
  const user = await db.transaction(async (tx) => {
    await ensureUserRow(tx, identity);
    // Lock the user's row so two saves at once cannot both pass the count below.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${identity.uid} for update`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(addresses)
      .where(eq(addresses.userId, identity.uid));
    if (n >= LIMITS.addresses)
      throw new HttpError(
        400,
        `You can keep at most ${LIMITS.addresses} saved addresses. Delete one first.`,
      );
    const inserted = await tx
      .insert(addresses)
      .values({ userId: identity.uid, id: body.id, ...addressValues(body, identity.email) })
      .onConflictDoNothing()
      .returning({ id: addresses.id });
    if (inserted.length === 0)
      throw new HttpError(409, "An address with this id already exists. Edit it instead.");
    if (body.isDefault) await keepOneDefault(tx, identity.uid, body.id);
    return mustLoad(tx, identity.uid);
  });
  return json(user, { status: 201 });
}

/** PUT /v2/users/profile-address?address_id={id}: replaces one of the caller's addresses. */
export async function putAddress(context: APIContext): Promise<Response> {
  const identity = await requireIdentity(context);
  const { address_id: id } = readQuery(context.url, addressQuerySchema);
  const body = await readJson(context.request, addressFieldsSchema);
  const db = await getDb();
  const user = await db.transaction(async (tx) => {
    const updated = await tx
      .update(addresses)
      .set(addressValues(body, identity.email))
      .where(and(eq(addresses.userId, identity.uid), eq(addresses.id, id)))
      .returning({ id: addresses.id });
    if (updated.length === 0) throw new HttpError(404, "Address not found.");
    if (body.isDefault) await keepOneDefault(tx, identity.uid, id);
    return mustLoad(tx, identity.uid);
  });
  return json(user);
}

/** DELETE /v2/users/profile-address?address_id={id}: removes one of the caller's addresses. */
export async function deleteAddress(context: APIContext): Promise<Response> {
  const identity = await requireIdentity(context);
  const { address_id: id } = readQuery(context.url, addressQuerySchema);
  const db = await getDb();
  const user = await db.transaction(async (tx) => {
    const removed = await tx
      .delete(addresses)
      .where(and(eq(addresses.userId, identity.uid), eq(addresses.id, id)))
      .returning({ id: addresses.id });
    if (removed.length === 0) throw new HttpError(404, "Address not found.");
    return mustLoad(tx, identity.uid);
  });
  return json(user);
}

// ---------------------------------------------------------------------------------------------
// Roles
