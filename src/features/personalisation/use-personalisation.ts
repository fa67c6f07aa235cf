/**
 * The product page's personalisation state (decision 0229): the values typed so far, each field's
 * sentence once Add to cart was tried, and the add-on price. `check()` runs the one schema
 * (checkValues) and answers the values to send, or null with the errors shown under the fields.
 */
import { useState } from "react";
import {
  addOnPrice,
  type PersonalisationField,
  type PersonalisationValues,
} from "./personalisation";
import { checkValues } from "./personalisation.schema";

const NONE: PersonalisationField[] = [];

export function usePersonalisation(
  fields: readonly PersonalisationField[] = NONE,
  initial: PersonalisationValues = {},
) {
  const [values, setValues] = useState<PersonalisationValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);

  const set = (id: string, value: string | string[]) => {
    const next = { ...values, [id]: value };
    setValues(next);
    if (tried) {
      const result = checkValues(fields, next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const check = (): PersonalisationValues | null => {
    setTried(true);
    const result = checkValues(fields, values);
    if (result.ok) {
      setErrors({});
      return result.values;
    }
    setErrors(result.errors);
    return null;
  };

  return { fields, values, errors, set, check, addOn: addOnPrice(fields, values) };
}
