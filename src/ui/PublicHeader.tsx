import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../contract/routes.ts';
import { OfflineIndicator } from './OfflineIndicator.tsx';
import { cx } from './cx.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Logo } from './Logo.tsx';

/**
 * The header of the pages outside the app frame (home, login, sign-up): the brand home link, the
 * offline note and the language switch, then whatever the page adds.
 */
export function PublicHeader({
  className,
  brandClassName,
  children,
}: {
  className?: string;
  brandClassName?: string;
  children?: ReactNode;
}) {
  return (
    <header className={cx('flex items-center justify-between gap-3 p-4 sm:p-6', className)}>
      <Link href={paths.home} className={cx('flex items-center gap-2 text-lg font-bold text-brand-800', brandClassName)}>
        <Logo />
        <Trans>Pishkhan</Trans>
      </Link>
      <div className="flex items-center gap-2">
        <OfflineIndicator />
        <LanguageSwitch className="text-slate-700" />
        {children}
      </div>
    </header>
  );
}
