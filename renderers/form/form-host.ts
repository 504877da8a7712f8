/**
 * A form inside another screen (a tab of the employee dialog, a wizard step) registers a handle here
 * instead of showing its own buttons: the host validates every form, reads their values and
 * composes one save.
 */
import { createContext, useContext } from 'react';

export interface FormHandle {
  /** Checks the form and shows its errors; true when it is valid. */
  validate(): boolean;
  /** The current values, in the form's output shape (attribute forms: [{attrId, value}]). */
  value(): unknown;
  /** Back to the initial values, errors cleared. */
  reset(): void;
}

export interface FormHostValue {
  register(handle: FormHandle): () => void;
  /** The form's initial data from the host (its part of the record the host loaded). */
  data?: unknown;
  /** True when `data` is given: the form does not run its own `load`. */
  hasData: boolean;
}

export const FormHostContext = createContext<FormHostValue | null>(null);

export function useFormHost(): FormHostValue | null {
  return useContext(FormHostContext);
}
