/** Placeholder until this screen is built (issue 10). */
import type { ScreenProps } from "../shell/AdminApp";

export default function CategoriesScreen(_props: ScreenProps) {
  return <h1 className="text-3xl text-ink-900">Homepage Categories</h1>;
}
