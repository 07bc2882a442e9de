/**
 * The generic error page (spec section 2): status code, status message and description; titled
 * Page Not Found for 404 and Internal Server Error otherwise. Whole-screen for the app's own error
 * pages; `embedded` inside the signed-in frame, when a page's validity check fails (PageNotFound).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../contract/routes.ts';
import { buttonClasses } from './Button.tsx';
import { cx } from './cx.ts';
import { Ltr } from './Ltr.tsx';

export interface ErrorState {
  statusCode: number;
  statusMessage?: ReactNode;
  /** The spec calls it `data`: what went wrong, in words for people. */
  data?: ReactNode;
}

export function ErrorPage({
  statusCode,
  statusMessage,
  data,
  actions,
  embedded = false,
}: ErrorState & { actions?: ReactNode; embedded?: boolean }) {
  const { t } = useLingui();
  const title = statusCode === 404 ? t`Page Not Found` : t`Internal Server Error`;
  useEffect(() => {
    document.title = `${title} · ${t`Pishkhan`}`;
  }, [title, t]);
  const Frame = embedded ? 'section' : 'main';
  return (
    <Frame className={cx('grid place-items-center p-6', embedded ? 'py-12' : 'min-h-dvh bg-slate-50')}>
      <div className="w-full min-w-0 max-w-lg text-center">
        <p className="text-6xl font-black tracking-tight text-brand-700">
          <Ltr>{statusCode}</Ltr>
        </p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
        {statusMessage && <p className="mt-2 font-medium wrap-anywhere text-slate-700">{statusMessage}</p>}
        {data && <div className="mt-3 text-sm wrap-anywhere text-slate-600">{data}</div>}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {actions ?? (
            <Link href={paths.home} className={buttonClasses('primary')}>
              <Trans>Go to the home page</Trans>
            </Link>
          )}
        </div>
      </div>
    </Frame>
  );
}
