/**
 * The address manager (docs/product.md §2), one component for the profile and for checkout:
 * Saved Addresses (max height 60% of the viewport), Add Address, edit and delete; an add/edit
 * modal with Cancel and Save; a spinner overlay while saving or deleting. A new address has the
 * temporary id 'new' and name, phone and email prefilled from the user; the form is AddressEditor.
 *
 * Checkout use (inside a React island):
 *   <AddressManager initialUser={user} autoSelect selectedId={id} onSelect={(a) => setId(a?.id ?? null)} />
 * With autoSelect the first saved address is chosen when none is, and clicking a card selects it.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import { useModal } from "~/components/ui/use-modal";
import Spinner from "~/components/ui/Spinner";
import { useHydrated } from "~/components/ui/use-hydrated";
import { NEW_ADDRESS_ID, newAddressFor, type Address, type User } from "./account";
import { deleteAddress, saveAddress } from "./account-client";
import type { AddressInput } from "./account.schema";
import AddressEditor from "./AddressEditor";
import { $user, hydrateUser, initSession } from "./session-store";

interface Props {
  /** The user as the page loaded it on the server; the session store is hydrated with it. */
  initialUser?: User | null;
  /** Checkout: pick the first address when none is chosen, and select on card click. */
  autoSelect?: boolean;
  selectedId?: string | null;
  onSelect?: (address: Address | null) => void;
  /** Heading above the list. */
  title?: string;
}

export default function AddressManager({
  initialUser = null,
  autoSelect = false,
  selectedId = null,
  onSelect,
  title = "Saved Addresses",
}: Props) {
  const stored = useStore($user);
  const user = stored ?? initialUser;
  const addresses = user?.addresses ?? [];
  const [editing, setEditing] = useState<Address | null>(null);
  const [working, setWorking] = useState<"saving" | "deleting" | null>(null);
  // Until the island hydrates a click would be lost: Add, Edit and Delete wait for it.
  const hydrated = useHydrated();
  const locked = !hydrated || working !== null;

  useEffect(() => {
    initSession();
    if (initialUser) hydrateUser(initialUser);
  }, [initialUser]);

  useEffect(() => {
    if (!autoSelect || !onSelect) return;
    if (addresses.length === 0) return;
    if (!selectedId || !addresses.some((a) => a.id === selectedId)) onSelect(addresses[0]!);
  }, [autoSelect, onSelect, selectedId, addresses]);

  const { dialogRef, requestClose: closeEditor } = useModal(editing !== null, () =>
    setEditing(null),
  );

  function startAdd() {
    setEditing(newAddressFor(user));
  }

  function startEdit(address: Address) {
    setEditing({ ...address, email: user?.email ?? address.email });
  }

  /** Saves the editor's address; the toasts are the spec's, a failure is rethrown to the editor. */
  async function onSave(values: AddressInput) {
    if (!editing || working) return;
    setWorking("saving");
    try {
      const before = new Set(addresses.map((a) => a.id));
      const updated = await saveAddress(editing.id, values);
      showToast({
        type: "success",
        title: "Address saved!",
        message: "Your address has been updated.",
      });
      if (onSelect && editing.id === NEW_ADDRESS_ID) {
        const added = updated.addresses.find((a) => !before.has(a.id));
        if (added) onSelect(added);
      }
      closeEditor();
    } catch (error) {
      showToast({ type: "error", title: "Error!", message: "Failed to save address." });
      throw error;
    } finally {
      setWorking(null);
    }
  }

  async function onDelete(address: Address) {
    if (working) return;
    setWorking("deleting");
    try {
      await deleteAddress(address.id);
      if (onSelect && selectedId === address.id) onSelect(null);
      showToast({
        type: "success",
        title: "Address Deleted!",
        message: "Your address has been removed.",
      });
    } catch {
      showToast({ type: "error", title: "Error!", message: "Failed to delete address." });
    } finally {
      setWorking(null);
    }
  }

  const overlay = (
    <div
      className="fixed inset-0 z-[60] grid place-items-center bg-cream-50/60 backdrop-blur-[1px]"
      data-address-overlay
    >
      <Spinner
        size="lg"
        showLabel
        label={working === "deleting" ? "Deleting address..." : "Saving address..."}
      />
    </div>
  );

  return (
    <section aria-labelledby="saved-addresses-title" className="relative">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="saved-addresses-title" className="text-2xl text-ink-900">
          {title}
        </h2>
        <button
          type="button"
          onClick={startAdd}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-ink-900 px-4 py-2 text-sm font-semibold text-cream-50 shadow-sm transition hover:bg-ink-700 disabled:cursor-not-allowed disabled:opacity-60"
          disabled={!user || locked}
        >
          <span aria-hidden="true">+</span> Add Address
        </button>
      </div>

      {addresses.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-cream-300 p-6 text-center text-sm text-ink-500">
          No saved addresses yet.
        </p>
      ) : (
        <ul className="max-h-[60vh] space-y-3 overflow-y-auto pr-1" data-address-list>
          {addresses.map((a) => {
            const selected = selectedId === a.id;
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: a convenience; each card's Select button is the keyboard path
              <li
                key={a.id}
                data-address-id={a.id}
                aria-current={selected || undefined}
                onClick={autoSelect && onSelect ? () => onSelect(a) : undefined}
                className={`rounded-2xl border bg-white p-4 shadow-xs transition ${selected ? "border-gold-500 ring-2 ring-gold-300/60" : "border-cream-200"} ${autoSelect && onSelect ? "cursor-pointer hover:border-gold-300" : ""}`}
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0 text-sm text-ink-700">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-ink-900">
                      {a.fName} {a.lName}
                      <span className="rounded-full bg-cream-100 px-2 py-0.5 text-xs font-medium text-ink-500">
                        {a.type}
                      </span>
                      {a.isDefault && (
                        <span className="rounded-full bg-resin-100 px-2 py-0.5 text-xs font-medium text-resin-700">
                          Default
                        </span>
                      )}
                    </p>
                    <p className="mt-1">{a.address1}</p>
                    {a.address2 && <p>{a.address2}</p>}
                    <p>
                      {a.city}, {a.state} {a.zipCode}
                    </p>
                    <p>{a.country}</p>
                    <p className="mt-1 text-ink-500">{a.phone}</p>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <button
                      type="button"
                      onClick={(e) => {
                        e.stopPropagation();
                        startEdit(a);
                      }}
                      disabled={locked}
                      aria-label={`Edit address ${a.address1}`}
                      className="rounded-full px-3 py-1.5 text-sm font-medium text-ink-700 hover:bg-cream-100"
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      onClick={(e) => {
                        e.stopPropagation();
                        void onDelete(a);
                      }}
                      disabled={locked}
                      aria-label={`Delete address ${a.address1}`}
                      className="rounded-full px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
                    >
                      Delete
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {working === "deleting" && overlay}

      <dialog
        ref={dialogRef}
        aria-labelledby="address-editor-title"
        className="w-full max-w-xl rounded-3xl bg-cream-50 shadow-2xl"
      >
        {editing && (
          <AddressEditor
            key={editing.id}
            address={editing}
            email={user?.email ?? editing.email}
            onSave={onSave}
            onCancel={closeEditor}
            working={working !== null}
            overlay={overlay}
          />
        )}
      </dialog>
    </section>
  );
}
