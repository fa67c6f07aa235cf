/**
 * Discount codes (/admin/discounts, docs/product.md "Discount codes"): every code with its terms,
 * uses, orders and revenue; New code and Edit open the form (/admin/discounts/{id} opens that
 * code's). Data through useScreenData (decision 0052).
 */
import { useState } from "react";
import { formatInr } from "~/lib/money";
import { indiaDateTime } from "~/lib/dates";
import { fetchCategories } from "~/features/admin/categories/categories-client";
import type { ScreenProps } from "~/features/admin/shell/AdminApp";
import { navigate } from "~/features/admin/shell/admin-router";
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import DiscountCodeForm from "./DiscountCodeForm";
import { EMPTY_DISCOUNT, formValuesOf } from "./discount-form";
import { DISCOUNT_TEXTS, describeCode, type AdminDiscountCode } from "./discounts-admin";
import { fetchDiscountCodes, fetchProductChoices } from "./discounts-client";

export default function DiscountsScreen({ id }: ScreenProps) {
  const load = useScreenData(async (signal) => {
    const [codes, categories, products] = await Promise.all([
      fetchDiscountCodes(signal),
      fetchCategories(signal).catch(() => []),
      fetchProductChoices(signal).catch(() => []),
    ]);
    return { codes, categories, products };
  }, []);
  const [creating, setCreating] = useState(false);
  const close = () => {
    setCreating(false);
    if (id) navigate("/admin/discounts");
  };
  const saved = (code: AdminDiscountCode) => {
    load.update((d) => ({
      ...d,
      codes: d.codes.some((c) => c.id === code.id)
        ? d.codes.map((c) =>
            c.id === code.id
              ? { ...c, ...code, uses: c.uses, orders: c.orders, revenue: c.revenue }
              : c,
          )
        : [code, ...d.codes],
    }));
    close();
  };

  return (
    <section className="flex flex-col gap-6">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-3xl text-ink-900">{DISCOUNT_TEXTS.title}</h1>
        {!creating && !id && (
          <button
            type="button"
            onClick={() => setCreating(true)}
            className="rounded-full bg-ink-900 px-5 py-2.5 text-sm font-medium text-cream-50"
          >
            {DISCOUNT_TEXTS.add}
          </button>
        )}
      </div>
      <ScreenState data={load} loading="Loading discount codes" failed={DISCOUNT_TEXTS.loadFailed}>
        {({ codes, categories, products }) => {
          const editing = id ? codes.find((c) => c.id === id) : undefined;
          return (
            <>
              {(creating || editing) && (
                <DiscountCodeForm
                  key={editing?.id ?? "new"}
                  id={editing?.id ?? null}
                  initial={editing ? formValuesOf(editing) : EMPTY_DISCOUNT}
                  categories={categories}
                  products={products}
                  onSaved={saved}
                  onCancel={close}
                />
              )}
              {codes.length === 0 ? (
                <p className="text-ink-500">{DISCOUNT_TEXTS.empty}</p>
              ) : (
                <div className="overflow-x-auto rounded-2xl bg-white ring-1 ring-cream-200">
                  <table className="w-full text-left text-sm" aria-label="Discount codes">
                    <thead className="text-ink-500">
                      <tr>
                        {[
                          "Code",
                          "Discount",
                          "Valid",
                          "Uses",
                          "Orders",
                          "Revenue",
                          "Status",
                          "",
                        ].map((h) => (
                          <th key={h} className="px-4 py-3 font-medium">
                            {h}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {codes.map((c) => (
                        <tr
                          key={c.id}
                          className="border-t border-cream-100"
                          data-discount-row={c.code}
                        >
                          <td className="px-4 py-3 font-semibold text-ink-900">{c.code}</td>
                          <td className="px-4 py-3">
                            {describeCode(c, formatInr)}
                            {c.minimumOrder > 0 && (
                              <span className="block text-ink-500">
                                min {formatInr(c.minimumOrder)}
                              </span>
                            )}
                          </td>
                          <td className="px-4 py-3 text-ink-500">
                            {c.startsAt ? indiaDateTime(c.startsAt) : "now"} –{" "}
                            {c.endsAt ? indiaDateTime(c.endsAt) : "no end"}
                          </td>
                          <td className="px-4 py-3" data-discount-uses>
                            {c.uses}
                            {c.totalUses ? ` of ${c.totalUses}` : ""}
                          </td>
                          <td className="px-4 py-3">{c.orders}</td>
                          <td className="px-4 py-3" data-discount-revenue>
                            {formatInr(c.revenue)}
                          </td>
                          <td className="px-4 py-3">{c.active ? "Active" : "Off"}</td>
                          <td className="px-4 py-3">
                            <a
                              href={`/admin/discounts/${encodeURIComponent(c.id)}`}
                              onClick={(e) => {
                                e.preventDefault();
                                navigate(`/admin/discounts/${encodeURIComponent(c.id)}`);
                              }}
                              className="text-gold-700 underline"
                            >
                              Edit
                            </a>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </>
          );
        }}
      </ScreenState>
    </section>
  );
}
