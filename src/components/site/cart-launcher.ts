/**
 * Mounts the cart's React root (src/features/cart/CartRoot.tsx: the drawer and the merge prompt)
 * only when it is needed, instead of as a `client:idle` island on every page:
 *   - on the first `cart:open` (the cart buttons dispatch it, see cart-badge.ts);
 *   - when the cart store asks for the drawer or the merge prompt ($cartOpen / $mergePrompt),
 *     e.g. after a sign-in finds both a guest and an account cart.
 * Hovering a cart button preloads the chunk. Content-only pages thus load React only when a person
 * opens the cart. Both modules are looked up with import.meta.glob: while the cart work has not
 * landed, this does nothing.
 */
import type { ComponentType } from "react";
import { ensureReactPreamble, mountReact } from "./on-demand";

type Readable = { get(): unknown; subscribe(cb: (value: unknown) => void): () => void };
type CartStoreModule = { $cartOpen?: Readable; $mergePrompt?: Readable; openCart?: () => void };

const rootModules = import.meta.glob<{ default: ComponentType }>("../../features/cart/CartRoot.tsx");
const storeModules = import.meta.glob<CartStoreModule>("../../features/cart/cart-store.ts");

let started = false;

export function startCartLauncher(): void {
  const loadRoot = Object.values(rootModules)[0];
  const loadStore = Object.values(storeModules)[0];
  if (started || !loadRoot) return;
  started = true;

  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= ensureReactPreamble()
      .then(loadRoot)
      .then((m) => m.default)
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      }));

  let mounted: Promise<void> | undefined;
  const mount = () =>
    (mounted ??= preload()
      .then((CartRoot) => mountReact(CartRoot, {}, "cart-root"))
      .catch((error: unknown) => {
        mounted = undefined;
        console.error("[cart] the cart drawer failed to load", error);
      }));

  window.addEventListener("cart:open", () => {
    void mount().then(async () => {
      // The store normally heard the same event; if it had not loaded yet, open it now.
      const store = loadStore ? await loadStore() : undefined;
      if (store?.$cartOpen && !store.$cartOpen.get()) store.openCart?.();
    });
  });

  if (loadStore) {
    void loadStore().then((store) => {
      const wake = (value: unknown) => {
        if (value) void mount();
      };
      store.$cartOpen?.subscribe(wake);
      store.$mergePrompt?.subscribe(wake);
    });
  }

  document.addEventListener(
    "pointerover",
    (event) => {
      if (event.target instanceof Element && event.target.closest("[data-cart-open]")) void preload().catch(() => {});
    },
    { passive: true },
  );
}
