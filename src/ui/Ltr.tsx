import { useLingui } from '@lingui/react';
import { localDigits } from '../i18n/format.ts';
import { isLocale } from '../i18n/locale.ts';

/** A number, code or phone number kept left-to-right inside RTL text, in the locale's digits. */
export function Ltr({ children, className }: { children: string | number; className?: string }) {
  const { i18n } = useLingui();
  return (
    <bdi dir="ltr" className={className}>
      {localDigits(String(children), isLocale(i18n.locale) ? i18n.locale : 'fa')}
    </bdi>
  );
}
