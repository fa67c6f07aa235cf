/**
 * The optional "GSTIN (for a business purchase)" field of checkout and the quote page
 * (docs/decisions/0085): printed on the invoice as the buyer's GSTIN. Usage, inside a form over a
 * schema with `buyerGstin: z.optional(buyerGstinField)`:
 * <BuyerGstinField {...register("buyerGstin")} error={errors.buyerGstin?.message} />
 */
import type { ComponentProps } from "react";
import { TextField } from "~/components/ui/form-fields";

type Props = Omit<ComponentProps<typeof TextField>, "label"> & { error?: string | undefined };

export default function BuyerGstinField({ className = "mt-4", ...input }: Props) {
  return (
    <TextField
      className={className}
      label="GSTIN (optional, for a business purchase)"
      autoCapitalize="characters"
      autoComplete="off"
      maxLength={20}
      placeholder="e.g. 29ABCDE1234F1Z5"
      {...input}
    />
  );
}
