import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';

/** Names the page in the browser tab and for screen readers: "<screen> · Pishkhan". */
export function useDocumentTitle(title: string): void {
  const { t } = useLingui();
  const product = t`Pishkhan`;
  useEffect(() => {
    document.title = `${title} · ${product}`;
  }, [title, product]);
}
