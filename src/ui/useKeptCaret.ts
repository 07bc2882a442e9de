/**
 * Keeps the caret where the person was typing when a field shows their text reformatted (digits
 * converted, separators added): a controlled input whose value changes otherwise puts the caret at
 * the end. `keep` takes where it belongs in the text as shown after the change.
 */
import { useLayoutEffect, useRef } from 'react';

export function useKeptCaret() {
  const ref = useRef<HTMLInputElement>(null);
  const place = useRef<((shown: string) => number) | null>(null);
  useLayoutEffect(() => {
    const input = ref.current;
    const at = place.current;
    place.current = null;
    if (!input || !at || input.ownerDocument.activeElement !== input) return;
    const position = at(input.value);
    input.setSelectionRange(position, position);
  });
  const keep = (at: (shown: string) => number) => {
    place.current = at;
  };
  return [ref, keep] as const;
}
