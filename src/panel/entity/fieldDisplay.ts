import { createContext, useContext } from 'react';

/**
 * How a screen shows some fields' values instead of the kind's default (the activity log names
 * entities by their labels, not their keys): field name → text. Cells, details and CSV use it.
 */
export type FieldDisplay = Partial<Record<string, (value: unknown) => string>>;

export const FieldDisplayContext = createContext<FieldDisplay>({});

export function useFieldDisplay(): FieldDisplay {
  return useContext(FieldDisplayContext);
}
