import { useLingui } from '@lingui/react/macro';
import { switchLocale, type Locale } from '../i18n/locale.ts';
import { cx } from './cx.ts';
import { GlobeIcon } from './icons.tsx';

/**
 * Switches between Persian (rtl) and English (ltr); each name is written in its own language. The
 * accessible name is "Change language: English", so it contains the visible text (WCAG 2.5.3).
 */
/** `compact`: on a phone only the globe shows (the language's name stays for screen readers), so a busy header fits 360 px. */
export function LanguageSwitch({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { i18n, t } = useLingui();
  const other: Locale = i18n.locale === 'fa' ? 'en' : 'fa';
  return (
    <button
      type="button"
      onClick={() => void switchLocale(other)}
      className={cx('inline-flex h-10 items-center gap-2 rounded-xl px-3 text-sm font-medium hover:bg-black/5', className)}
    >
      <GlobeIcon />
      <span className="sr-only">{t`Change language`}: </span>
      {/* "English" in the system's font: in Vazirmatn its seven letters would fetch the Latin cut
          (108 KB) on every Persian screen, which otherwise needs only the Arabic one. */}
      <span lang={other} className={cx(compact && 'sr-only sm:not-sr-only', other === 'en' && 'font-system')}>
        {other === 'fa' ? 'فارسی' : 'English'}
      </span>
    </button>
  );
}
