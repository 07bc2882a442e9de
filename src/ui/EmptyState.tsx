import type { ReactNode } from 'react';
import { Card } from './Card.tsx';
import { cx } from './cx.ts';

interface EmptyStateProps {
  icon: ReactNode;
  title: ReactNode;
  /** h1 where the state is the whole page; h2 inside a page; p inside a card that has its heading. */
  titleAs?: 'h1' | 'h2' | 'p';
  description?: ReactNode;
  /** More words below the description. */
  children?: ReactNode;
  /** The ways on: links or buttons, the first the main one. */
  actions?: ReactNode;
  /** `done` for a good empty (nothing wrong): green and round. */
  tone?: 'brand' | 'done';
  /** A card of its own (default), or a dashed box inside another card. */
  frame?: 'card' | 'dashed';
  className?: string;
}

/** What a screen shows when it has nothing to show: an icon, what is going on, and what to do next. */
export function EmptyState({
  icon,
  title,
  titleAs: Title = 'h2',
  description,
  children,
  actions,
  tone = 'brand',
  frame = 'card',
  className,
}: EmptyStateProps) {
  const body = (
    <>
      <div
        className={cx(
          'mx-auto grid size-14 place-items-center',
          tone === 'done' ? 'rounded-full bg-emerald-50 text-emerald-700' : 'rounded-2xl bg-brand-50 text-brand-700',
        )}
      >
        {icon}
      </div>
      <Title className={cx('mt-4 font-bold text-slate-900', Title === 'h1' ? 'text-xl' : Title === 'h2' ? 'text-lg' : undefined)}>
        {title}
      </Title>
      {description && <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">{description}</p>}
      {children}
      {actions && <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row sm:flex-wrap">{actions}</div>}
    </>
  );
  if (frame === 'dashed')
    return <div className={cx('rounded-xl border border-dashed border-slate-300 px-5 py-8 text-center', className)}>{body}</div>;
  return <Card className={cx('text-center', className)}>{body}</Card>;
}
