/**
 * A signed-in session for Lighthouse runs: signs the demo shopper in through the shop's Auth
 * Emulator (its address comes from the shop's own GET /v2/auth/config), asks the shop for the user
 * (POST /v2/auth/login), and returns the two cookies the browser would have written (docs/product.md §4:
 * `token` and `user`). Makes sure the cart holds a line, so /checkout shows its form, not the
 * empty state. Demo mode only: production has no emulator to sign in through.
 */

export interface BenchAccount {
  email: string;
  password: string;
}

export const DEMO_SHOPPER: BenchAccount = {
  email: "shopper@resintales.example",
  password: "resin-shopper-2024",
};

export interface SessionCookie {
  name: string;
  value: string;
  url: string;
}

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok)
    throw new Error(
      `${init?.method ?? "GET"} ${url} answered ${response.status}: ${text.slice(0, 200)}`,
    );
  return JSON.parse(text) as T;
}

interface WebConfig {
  apiKey: string;
  emulatorHost?: string;
}

/** Signs `account` in through the shop's Auth Emulator and returns its ID token. */
export async function idTokenFor(baseUrl: string, account: BenchAccount): Promise<string> {
  const base = baseUrl.replace(/\/$/, "");
  const { firebase } = await getJson<{ firebase: WebConfig | null }>(`${base}/v2/auth/config`);
  if (!firebase?.emulatorHost)
    throw new Error(
      "The shop is not in demo mode (no Auth Emulator): signed-in pages cannot be measured",
    );
  const signIn = await getJson<{ idToken: string }>(
    `http://${firebase.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${encodeURIComponent(firebase.apiKey)}`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: account.email,
        password: account.password,
        returnSecureToken: true,
      }),
    },
  );
  return signIn.idToken;
}

/** Signs `account` in and returns the session cookies for `baseUrl`. */
export async function signedInCookies(
  baseUrl: string,
  account: BenchAccount = DEMO_SHOPPER,
): Promise<SessionCookie[]> {
  const base = baseUrl.replace(/\/$/, "");
  const idToken = await idTokenFor(base, account);
  const auth = { authorization: `Bearer ${idToken}` };
  const user = await getJson<Record<string, unknown>>(`${base}/v2/auth/login`, {
    method: "POST",
    headers: auth,
  });
  await ensureCartLine(base, auth);
  // As the browser writes it (session-store.ts encodeUserCookie): JSON, URI-encoded, addresses
  // left out when the cookie would pass ~4 KB.
  let encoded = encodeURIComponent(JSON.stringify(user));
  if (encoded.length > 3800)
    encoded = encodeURIComponent(JSON.stringify({ ...user, addresses: [] }));
  return [
    { name: "token", value: idToken, url: `${base}/` },
    { name: "user", value: encoded, url: `${base}/` },
  ];
}

/** Adds one product to the account cart when it is empty (the first one the shop accepts). */
async function ensureCartLine(base: string, auth: Record<string, string>): Promise<void> {
  const cart = await getJson<{ items?: unknown[] }>(`${base}/v2/carts`, { headers: auth });
  if ((cart.items?.length ?? 0) > 0) return;
  const products = await getJson<{ id: string; variants?: unknown[] }[]>(
    `${base}/v2/products?limit=0&offset=0&status=active`,
  );
  const candidates = [...products.filter((p) => (p.variants?.length ?? 0) === 0), ...products];
  for (const product of candidates.slice(0, 5)) {
    const response = await fetch(`${base}/v2/carts`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ productId: product.id, quantity: 1 }),
    });
    if (response.ok) return;
  }
  console.warn(
    "lighthouse: could not put a product in the cart; /checkout is measured with an empty cart",
  );
}
