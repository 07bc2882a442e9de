/**
 * The app-wide date field: a text input that takes Jalali or Gregorian dates as typed (Persian
 * digits too; the year tells the calendar), and a button that opens a month calendar in a popover.
 * Values travel as ISO dates (YYYY-MM-DD) or null. The calendar is Jalali in Persian and Gregorian
 * in English unless the caller says otherwise, and the person can switch it. The grid itself is a
 * lazy chunk, fetched when the picker is first opened (or pointed at). The popover is a
 * non-modal dialog: Escape or a click outside closes it, and focus returns to its button.
 */
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cx } from './cx.ts';
import { FieldFrame, fieldIds, invalidProps } from './FieldFrame.tsx';
import { dateFromIso, formatForInput, isoFromDate, monthRange, parseTypedDate, type CalendarKind } from './dateCalendar.ts';
import { CalendarIcon } from './icons.tsx';
import { Spinner } from './Spinner.tsx';
import { inputClasses } from './TextField.tsx';

const loadCalendar = () => import('./DateCalendar.tsx');
const DateCalendar = lazy(async () => ({ default: (await loadCalendar()).DateCalendar }));

export interface DateFieldProps {
  label: ReactNode;
  /** ISO date (YYYY-MM-DD) or null. */
  value: string | null;
  onChange: (iso: string | null) => void;
  /** Earliest and latest allowed ISO dates. */
  min?: string;
  max?: string;
  /** The calendar shown first: Jalali in Persian, Gregorian in English by default. */
  calendar?: CalendarKind;
  error?: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  name?: string;
  disabled?: boolean;
  className?: string;
}

type Problem = 'format' | 'range' | null;

const EXAMPLE_ISO = '1991-09-22';

export function DateField({
  label,
  value,
  onChange,
  min,
  max,
  calendar,
  error,
  hint,
  required,
  name,
  disabled,
  className,
}: DateFieldProps) {
  const { t, i18n } = useLingui();
  const fa = i18n.locale === 'fa';
  const id = useId();
  const [chosenCalendar, setChosenCalendar] = useState<CalendarKind | null>(null);
  const kind: CalendarKind = chosenCalendar ?? calendar ?? (fa ? 'jalali' : 'gregorian');
  // While the person types, their text is shown as typed; otherwise the value, formatted.
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const dismiss = useCallback(() => setOpen(false), []);
  useDismiss(open, [toggle, panel], dismiss);
  const text = draft ?? formatForInput(value, kind, fa);

  const inRange = (iso: string) => (!min || iso >= min) && (!max || iso <= max);
  const emit = (iso: string | null) => {
    if (iso !== value) onChange(iso);
  };

  function type(next: string) {
    setDraft(next);
    setProblem(null);
    const iso = parseTypedDate(next);
    emit(iso && inRange(iso) ? iso : null);
  }

  function settle() {
    if (draft === null) return;
    const iso = parseTypedDate(draft);
    if (draft.trim() === '') setDraft(null);
    else if (!iso) setProblem('format');
    else if (!inRange(iso)) setProblem('range');
    else setDraft(null);
  }

  function pick(date: Date) {
    setDraft(null);
    setProblem(null);
    emit(isoFromDate(date));
  }

  function switchCalendar(next: CalendarKind) {
    setChosenCalendar(next);
    if (draft !== null && parseTypedDate(draft)) setDraft(null);
  }

  const show = (iso: string | undefined) => formatForInput(iso ?? null, kind, fa);
  const example = show(EXAMPLE_ISO);
  const earliest = show(min);
  const latest = show(max);
  const problemText =
    problem === 'format'
      ? t`Enter the date as year/month/day, for example ${example}.`
      : problem === 'range'
        ? min && max
          ? t`Choose a date from ${earliest} to ${latest}.`
          : min
            ? t`Choose a date on or after ${earliest}.`
            : t`Choose a date on or before ${latest}.`
        : null;
  const shownError = problemText ?? error;
  const formatHint = kind === 'jalali' ? t`Jalali, year/month/day` : t`Gregorian, year-month-day`;
  const fullHint = hint ? (
    <>
      {hint} · {formatHint}
    </>
  ) : (
    formatHint
  );
  const { describedBy } = fieldIds(id, fullHint, shownError, true);

  const selected = dateFromIso(value) ?? undefined;
  const { start, end } = monthRange(kind, min, max);
  const today = new Date();
  const month = selected ?? (today < start ? start : today > end ? end : today);

  return (
    <FieldFrame id={id} label={label} hint={fullHint} error={shownError} keepHint className={className}>
      <div className="relative">
        <input
          id={id}
          dir="ltr"
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          value={text}
          placeholder={example.replace(/[0-9۰-۹]/g, '–')}
          onChange={(e) => type(e.target.value)}
          onBlur={settle}
          disabled={disabled}
          required={required}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          {...invalidProps(shownError)}
          className={cx(inputClasses, fa ? 'pl-12 text-right' : 'pr-12')}
        />
        {name && <input type="hidden" name={name} value={value ?? ''} />}
        <div className="absolute inset-y-0 inset-e-0 flex items-center pe-1.5">
          <button
            ref={toggle}
            type="button"
            disabled={disabled}
            onPointerEnter={() => void loadCalendar()}
            onFocus={() => void loadCalendar()}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={open ? `${id}-calendar` : undefined}
            aria-haspopup="dialog"
            className="grid size-9 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-50"
            aria-label={t`Choose the date from a calendar`}
          >
            <CalendarIcon />
          </button>
        </div>
        {open && (
          <div
            ref={panel}
            id={`${id}-calendar`}
            role="dialog"
            aria-label={t`Calendar`}
            onKeyDown={(e) => {
              if (e.key !== 'Escape') return;
              e.stopPropagation();
              close();
            }}
            className="absolute inset-e-0 top-full z-50 mt-2 flex flex-col gap-3 rounded-2xl bg-white p-3 shadow-xl ring-1 ring-slate-200"
          >
            <Suspense
              fallback={
                <div className="grid h-72 w-70 place-items-center text-brand-700" role="status" aria-label={t`Loading`}>
                  <Spinner className="size-6" />
                </div>
              }
            >
              <DateCalendar
                key={kind}
                calendar={kind}
                locale={fa ? 'fa' : 'en'}
                selected={selected}
                month={month}
                startMonth={start}
                endMonth={end}
                disabled={[...(min ? [{ before: start }] : []), ...(max ? [{ after: end }] : [])]}
                onSelect={(date) => {
                  pick(date);
                  close();
                }}
              />
            </Suspense>
            <CalendarSwitch value={kind} onChange={switchCalendar} />
          </div>
        )}
      </div>
    </FieldFrame>
  );
}

/** Closes the popover when a pointer goes down, or focus moves, outside its button and panel. */
function useDismiss(open: boolean, inside: { current: HTMLElement | null }[], dismiss: () => void) {
  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) => !inside.some((ref) => ref.current?.contains(target as Node));
    const onPointer = (event: PointerEvent) => outside(event.target) && dismiss();
    const onFocus = (event: FocusEvent) => outside(event.target) && dismiss();
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
    };
    // `inside` holds refs, stable for the component's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, dismiss]);
}

function CalendarSwitch({ value, onChange }: { value: CalendarKind; onChange: (next: CalendarKind) => void }) {
  const { t } = useLingui();
  const options: { kind: CalendarKind; label: string }[] = [
    { kind: 'jalali', label: t`Jalali` },
    { kind: 'gregorian', label: t`Gregorian` },
  ];
  return (
    <div role="group" aria-label={t`Calendar`} className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
      {options.map((option) => (
        <button
          key={option.kind}
          type="button"
          aria-pressed={value === option.kind}
          onClick={() => onChange(option.kind)}
          className={cx(
            'h-10 rounded-lg text-sm font-medium',
            value === option.kind ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
