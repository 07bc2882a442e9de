/**
 * The frame of the public account screens: the form on a card, with the product's promise beside
 * it on wide screens and above it on phones, and a word about data an ended session left behind.
 */
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../contract/routes.ts';
import { CheckIcon } from '../../ui/icons.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { LeftoverData } from './LeftoverData.tsx';
import { PublicHeader } from '../../ui/PublicHeader.tsx';

export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50 md:grid md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden bg-brand-800 p-10 text-white md:flex md:flex-col md:justify-between lg:p-14">
        <div aria-hidden="true" className="absolute -inset-e-24 -top-24 size-96 rounded-full bg-brand-600/40 blur-3xl" />
        <div aria-hidden="true" className="absolute -bottom-32 -inset-s-16 size-96 rounded-full bg-accent-500/20 blur-3xl" />
        <Link href={paths.home} className="relative flex items-center gap-3 text-xl font-bold">
          <Logo className="size-11" />
          <Trans>Pishkhan</Trans>
        </Link>
        <div className="relative max-w-md space-y-6">
          <h2 className="text-3xl leading-snug font-extrabold lg:text-4xl">
            <Trans>Your whole business, on one counter.</Trans>
          </h2>
          <ul className="space-y-3 text-brand-50">
            {[
              <Trans key="1">Works offline in the warehouse and syncs when the signal returns.</Trans>,
              <Trans key="2">Staff, sales, stock and accounts in one panel.</Trans>,
              <Trans key="3">Persian first, with the Jalali calendar.</Trans>,
            ].map((item, i) => (
              <li key={i} className="flex gap-3">
                <CheckIcon className="mt-0.5 size-5 shrink-0 text-accent-400" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-brand-200">
          <Trans>Pishkhan · the offline-first business panel</Trans>
        </p>
      </aside>
      <div className="flex min-h-dvh flex-col">
        <PublicHeader brandClassName="md:invisible" />
        <main className="flex flex-1 items-start justify-center px-4 pb-10 sm:items-center sm:px-6">
          {/* A longer form (the registration profile) marks itself data-wide to get two roomy columns. */}
          <div className="w-full max-w-md has-[[data-wide]]:max-w-2xl">
            <LeftoverData />
            {children}
          </div>
        </main>
      </div>
    </div>
  );
}
