/**
 * The address manager's add/edit form (docs/product.md §2, §5 Address save), inside its modal: the fields of
 * addressFieldsSchema (the schema POST/PUT /v2/users/profile-address parse), the account's email
 * read-only, Cancel and Save. A blank required field is the 'Missing Fields' toast; each message
 * also shows under its field, and a 400 from the server shows on the form.
 */
import type { ReactNode } from "react";
import type { FieldErrors } from "react-hook-form";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { hasBlankField, showServerErrors } from "~/components/ui/form-errors";
import {
  FormError,
  SelectField,
  TextField,
  primaryButton,
  secondaryButton,
} from "~/components/ui/form-fields";
import { showToast } from "~/components/ui/toast-store";
import { INDIAN_STATE_NAMES, editableState } from "~/lib/india-states";
import { ADDRESS_TYPES, LIMITS, NEW_ADDRESS_ID, type Address } from "./account";
import { addressFieldsSchema, type AddressFormValues, type AddressInput } from "./account.schema";

const TYPE_OPTIONS = ADDRESS_TYPES.map((t) => ({ value: t, label: t }));
const STATE_OPTIONS = INDIAN_STATE_NAMES.map((name) => ({ value: name, label: name }));

function onInvalid(errors: FieldErrors): void {
  if (hasBlankField(errors))
    showToast({
      type: "warning",
      title: "Missing Fields",
      message: "All fields are required except Address Line 2.",
    });
}

interface Props {
  /** The address being edited, or a new one (id 'new') prefilled from the user. */
  address: Address;
  /** The account's email, shown read-only. */
  email: string;
  /** Saves; throws when the save failed (the caller shows the toast). */
  onSave: (values: AddressInput) => Promise<void>;
  onCancel: () => void;
  /** True while the manager saves or deletes: every control is locked. */
  working: boolean;
  /** Shown over the form while saving. */
  overlay?: ReactNode;
}

export default function AddressEditor({
  address,
  email,
  onSave,
  onCancel,
  working,
  overlay,
}: Props) {
  const { id: _id, email: _email, ...fields } = address;
  // A stored state that is not on the list shows unchosen: saving asks for one (decision 0060).
  const defaultValues: AddressFormValues = { ...fields, state: editableState(fields.state) };
  const { register, handleSubmit, setError, formState } = useSchemaForm(addressFieldsSchema, {
    defaultValues,
  });
  const { errors } = formState;

  async function onValid(values: AddressInput) {
    try {
      await onSave(values);
    } catch (error) {
      showServerErrors(error, setError, Object.keys(defaultValues));
    }
  }

  const field = (name: Exclude<keyof AddressFormValues, "email" | "isDefault">) => ({
    ...register(name),
    error: errors[name]?.message,
    disabled: working,
  });
  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, onInvalid)}
      className="relative space-y-4 p-6 sm:p-8"
      aria-busy={working}
    >
      <h3 id="address-editor-title" className="text-2xl text-ink-900">
        {address.id === NEW_ADDRESS_ID ? "Add Address" : "Edit Address"}
      </h3>
      <SelectField label="Type" options={TYPE_OPTIONS} {...field("type")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          required
          autoComplete="given-name"
          maxLength={LIMITS.name}
          {...field("fName")}
        />
        <TextField
          label="Last name"
          required
          autoComplete="family-name"
          maxLength={LIMITS.name}
          {...field("lName")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Phone number"
          required
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={LIMITS.phone}
          {...field("phone")}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          value={email}
          readOnly
          aria-readonly="true"
        />
      </div>
      <TextField
        label="Address Line 1"
        required
        autoComplete="address-line1"
        maxLength={LIMITS.addressLine}
        {...field("address1")}
      />
      <TextField
        label="Address Line 2"
        autoComplete="address-line2"
        maxLength={LIMITS.addressLine}
        {...field("address2")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="City"
          required
          autoComplete="address-level2"
          maxLength={LIMITS.place}
          {...field("city")}
        />
        <SelectField
          label="State"
          required
          autoComplete="address-level1"
          placeholder="Choose a state"
          options={STATE_OPTIONS}
          {...field("state")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="ZIP code"
          required
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={LIMITS.zipCode}
          {...field("zipCode")}
        />
        {/* India only (decision 0060): shown, not editable. */}
        <TextField
          label="Country"
          required
          autoComplete="country-name"
          readOnly
          aria-readonly="true"
          {...field("country")}
        />
      </div>
      <label className="flex items-center gap-3 text-sm text-ink-700">
        <input
          type="checkbox"
          {...register("isDefault")}
          disabled={working}
          className="size-4 accent-ink-900"
        />
        Use as my default address
      </label>
      <FormError message={errors.root?.server?.message} />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          className={`${secondaryButton} sm:w-auto sm:px-6`}
          onClick={onCancel}
          disabled={working}
        >
          Cancel
        </button>
        <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={working}>
          Save
        </button>
      </div>
      {working && overlay}
    </form>
  );
}
