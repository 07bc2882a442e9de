import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';

/**
 * Names the page in the browser tab and for screen readers: "<screen> · Pishkhan". `null` leaves
 * the title to what the screen shows instead (the 404 of a failed validity check names itself).
 */
export function useDocumentTitle(title: string | null): void {
  const { t } = useLingui();
  const product = t`Pishkhan`;
  useEffect(() => {
    if (title !== null) document.title = `${title} · ${product}`;
  }, [title, product]);
}
