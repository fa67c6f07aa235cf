/**
 * The cart's React root: the drawer and the merge prompt, mounted on first use by
 * src/components/site/cart-launcher.ts. Everything else talks to it through the store
 * (openCart(), the nav's window `cart:open` event, onSignedIn...).
 */
import CartDrawer from "./CartDrawer";
import MergeCartModal from "./MergeCartModal";

export default function CartRoot() {
  return (
    <>
      <CartDrawer />
      <MergeCartModal />
    </>
  );
}
