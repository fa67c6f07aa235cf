/** Placeholder until this screen is built (issue 10). */
import type { ScreenProps } from "../shell/AdminApp";

export default function AddProductScreen(_props: ScreenProps) {
  return <h1 className="text-3xl text-ink-900">Add Product</h1>;
}
