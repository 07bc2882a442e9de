import { useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from './cx.ts';

export function Card({ className, ...rest }: ComponentProps<'section'>) {
  return <section className={cx('rounded-card bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6', className)} {...rest} />;
}

export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2 print:hidden">{actions}</div>}
    </header>
  );
}

/**
 * A card that is a named section of its page: its heading names it for screen readers
 * (aria-labelledby), with an optional action at the heading's end.
 */
export function SectionCard({
  title,
  action,
  className,
  children,
}: {
  title: ReactNode;
  action?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} {...(className ? { className } : {})}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </Card>
  );
}
