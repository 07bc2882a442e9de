/**
 * The generic error page (spec section 2): status code, status message and description; titled
 * Page Not Found for 404 and Internal Server Error otherwise.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../contract/routes.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { Ltr } from '../../ui/Ltr.tsx';

export interface ErrorState {
  statusCode: number;
  statusMessage?: string;
  /** The spec calls it `data`: what went wrong, in words for people. */
  data?: ReactNode;
}

export function ErrorPage({ statusCode, statusMessage, data, actions }: ErrorState & { actions?: ReactNode }) {
  const { t } = useLingui();
  const title = statusCode === 404 ? t`Page Not Found` : t`Internal Server Error`;
  useEffect(() => {
    document.title = `${title} · ${t`Pishkhan`}`;
  }, [title, t]);
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 p-6">
      <div className="w-full max-w-lg text-center">
        <p className="text-6xl font-black tracking-tight text-brand-700">
          <Ltr>{statusCode}</Ltr>
        </p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
        {statusMessage && <p className="mt-2 font-medium text-slate-700">{statusMessage}</p>}
        {data && <div className="mt-3 text-sm break-words text-slate-600">{data}</div>}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {actions ?? (
            <Link href={paths.home} className={buttonClasses('primary')}>
              <Trans>Go to the home page</Trans>
            </Link>
          )}
        </div>
      </div>
    </main>
  );
}
