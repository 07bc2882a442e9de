/**
 * The kiosk's keypad: big keys laid out as on a phone (1 2 3 on top, left to right in either
 * language), digits in the page's language. Pressing a key keeps the focus in the field, where a
 * hardware keyboard or a handheld scanner types too.
 */
import { useLingui } from '@lingui/react/macro';
import type { PointerEvent, ReactNode } from 'react';
import { localDigits } from '@/i18n/format.ts';
import { cx } from '@/moduleKit.ts';

const keepFocus = (event: PointerEvent) => event.preventDefault();

function Key({ label, onPress, className, children }: { label: string; onPress: () => void; className?: string; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      onPointerDown={keepFocus}
      onClick={onPress}
      className={cx(
        'h-16 rounded-2xl text-2xl font-semibold select-none active:scale-95 sm:h-20 sm:text-3xl',
        className ?? 'bg-white text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50',
      )}
    >
      {children}
    </button>
  );
}

export function KioskKeypad({
  onDigit,
  onBack,
  onOk,
  okLabel,
}: {
  onDigit: (digit: string) => void;
  onBack: () => void;
  onOk: () => void;
  okLabel: string;
}) {
  const { t } = useLingui();
  const digit = (d: string) => (
    <Key key={d} label={localDigits(d)} onPress={() => onDigit(d)}>
      {localDigits(d)}
    </Key>
  );
  return (
    <div dir="ltr" className="grid grid-cols-3 gap-3">
      {['1', '2', '3', '4', '5', '6', '7', '8', '9'].map(digit)}
      <Key
        label={t`Delete the last digit`}
        onPress={onBack}
        className="bg-slate-100 text-slate-700 ring-1 ring-slate-300 hover:bg-slate-200"
      >
        ⌫
      </Key>
      {digit('0')}
      <Key label={okLabel} onPress={onOk} className="bg-brand-700 text-xl text-white hover:bg-brand-800 sm:text-2xl">
        {okLabel}
      </Key>
    </div>
  );
}
