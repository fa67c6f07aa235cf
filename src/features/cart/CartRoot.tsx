/**
 * The cart's one island: the drawer and the merge prompt. Mount it once in Shop.astro:
 *   <CartRoot client:idle />
 * Everything else talks to it through the store (openCart(), a window `cart:open` event, onSignedIn...).
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
