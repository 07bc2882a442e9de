/**
 * Print, on the paper the person picks first: A4 or A5, portrait. The choice is an attribute on
 * `<html>` that the print stylesheet turns into the named page (`@page a5`, src/index.css), so
 * the browser's dialog opens with that paper already chosen.
 */
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Trans } from '@lingui/react/macro';
import { buttonClasses } from '../../../ui/Button.tsx';

export type PaperSize = 'A4' | 'A5';

const itemClass = 'flex w-full flex-col items-start rounded-lg px-3 py-2.5 text-start text-sm text-slate-800 data-[focus]:bg-slate-100';

/** Prints the page on `size`; after the menu has closed, so it is not on the paper. */
export function printOn(size: PaperSize): void {
  document.documentElement.dataset.printSize = size;
  setTimeout(() => window.print(), 0);
}

export function PrintButton() {
  return (
    <Menu>
      <MenuButton className={buttonClasses('ghost')}>
        <Trans>Print</Trans>
      </MenuButton>
      <MenuItems anchor="bottom start" className="z-40 mt-2 w-56 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 focus:outline-none">
        <MenuItem>
          <button type="button" className={itemClass} onClick={() => printOn('A4')}>
            <span className="font-semibold">
              <Trans>Print on A4</Trans>
            </span>
            <span className="text-xs text-slate-600">
              <Trans>210 × 297 mm, portrait</Trans>
            </span>
          </button>
        </MenuItem>
        <MenuItem>
          <button type="button" className={itemClass} onClick={() => printOn('A5')}>
            <span className="font-semibold">
              <Trans>Print on A5</Trans>
            </span>
            <span className="text-xs text-slate-600">
              <Trans>148 × 210 mm, portrait</Trans>
            </span>
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
