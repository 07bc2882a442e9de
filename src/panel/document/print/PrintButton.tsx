/**
 * Print, on the paper the person picks first: A4 or A5, portrait. The choice is an attribute on
 * `<html>` that the print stylesheet turns into the named page (`@page a5`, src/index.css), so
 * the browser's dialog opens with that paper already chosen. A module may add its own prints (an
 * official form) as links to their pages.
 */
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from '../../../ui/Button.tsx';

export type PaperSize = 'A4' | 'A5';

const itemClass = 'flex w-full flex-col items-start rounded-lg px-3 py-2.5 text-start text-sm text-slate-800 data-[focus]:bg-slate-100';

/** Prints the page on `size`; after the menu has closed, so it is not on the paper. */
export function printOn(size: PaperSize): void {
  document.documentElement.dataset.printSize = size;
  setTimeout(() => window.print(), 0);
}

/** Each paper the menu offers, with its words. */
const papers = [
  { size: 'A4', name: msg`Print on A4`, measure: msg`210 × 297 mm, portrait` },
  { size: 'A5', name: msg`Print on A5`, measure: msg`148 × 210 mm, portrait` },
] as const;

/** A print of the module's own (an official form), on its own page: its name and what it is. */
export interface PrintLink {
  href: string;
  name: ReactNode;
  measure: ReactNode;
}

export function PrintButton({ links = [] }: { links?: readonly PrintLink[] }) {
  const { i18n } = useLingui();
  return (
    <Menu>
      <MenuButton className={buttonClasses('ghost')}>
        <Trans>Print</Trans>
      </MenuButton>
      <MenuItems
        anchor="bottom start"
        className="z-40 mt-2 w-56 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 focus:outline-none"
      >
        {papers.map((paper) => (
          <MenuItem key={paper.size}>
            <button type="button" className={itemClass} onClick={() => printOn(paper.size)}>
              <span className="font-semibold">{i18n._(paper.name)}</span>
              <span className="text-xs text-slate-600">{i18n._(paper.measure)}</span>
            </button>
          </MenuItem>
        ))}
        {links.map((link) => (
          <MenuItem key={link.href}>
            <Link href={link.href} className={itemClass}>
              <span className="font-semibold">{link.name}</span>
              <span className="text-xs text-slate-600">{link.measure}</span>
            </Link>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
