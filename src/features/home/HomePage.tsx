import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { paths } from '../../contract/routes.ts';
import { listedModules } from '../../panel/modules.ts';
import { isSignedIn } from '../../session/session.ts';
import { useSession } from '../../session/useSession.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { PublicHeader } from '../../ui/PublicHeader.tsx';

/** The front door: what Pishkhan is, and the way in. */
export function HomePage() {
  const { _ } = useLingui();
  const { t } = useLinguiMacro();
  const signedIn = isSignedIn(useSession());
  useEffect(() => {
    document.title = t`Pishkhan · the offline-first business panel`;
  }, [t]);
  return (
    <div className="min-h-dvh bg-slate-50">
      <PublicHeader className="mx-auto max-w-6xl">
        {signedIn ? (
          <Link href={paths.user.dashboard} className={buttonClasses('primary', 'sm')}>
            <Trans>Open my dashboard</Trans>
          </Link>
        ) : (
          <Link href={paths.auth.login} className={buttonClasses('secondary', 'sm')}>
            <Trans>Log in</Trans>
          </Link>
        )}
      </PublicHeader>
      <main className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <section className="py-10 sm:py-16 md:max-w-3xl">
          <h1 className="text-4xl leading-tight font-extrabold text-slate-900 sm:text-5xl">
            <Trans>Your whole business, on one counter.</Trans>
          </h1>
          <p className="mt-5 text-lg text-slate-700">
            <Trans>
              Pishkhan keeps your staff, sales, stock and accounts in one panel that works on a phone in the warehouse, even with no signal,
              and syncs when the network returns.
            </Trans>
          </p>
          {!signedIn && (
            <div className="mt-8 flex flex-wrap gap-3">
              <Link href={paths.auth.signUp} className={buttonClasses('primary', 'lg')}>
                <Trans>Create a free account</Trans>
              </Link>
              <Link href={paths.auth.mobileLogin} className={buttonClasses('secondary', 'lg')}>
                <Trans>Log in with your mobile</Trans>
              </Link>
            </div>
          )}
        </section>
        <section aria-labelledby="modules-heading">
          <h2 id="modules-heading" className="text-xl font-bold text-slate-900">
            <Trans>Modules of a panel</Trans>
          </h2>
          <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {listedModules().map((part) => (
              <li key={part.module.key} className="rounded-card bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <h3 className="font-semibold text-brand-800">{_(part.name)}</h3>
                <p className="mt-1.5 text-sm text-slate-600">{_(part.description)}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </div>
  );
}
