/**
 * The documents a sheet made before, named by their numbers in LTR islands as every document
 * number shows (RC-1405-00012 keeps its order and its Latin digits inside a Persian sentence).
 */
import { Trans } from '@lingui/react/macro';
import { Fragment } from 'react';
import { activeLocale } from '../../i18n/locale.ts';
import { Ltr } from '../../ui/Ltr.tsx';

/** One planned document that is here already. */
export function AlreadyImported({ number }: { number: string }) {
  return (
    <Trans>
      Already imported as <Ltr>{number}</Ltr>; it will not be made again.
    </Trans>
  );
}

/** The documents an import found made before, after it ran. */
export function ImportedBefore({ numbers }: { numbers: readonly string[] }) {
  const separator = activeLocale() === 'fa' ? '، ' : ', ';
  const list = numbers.map((number, i) => (
    <Fragment key={number}>
      {i > 0 && separator}
      <Ltr>{number}</Ltr>
    </Fragment>
  ));
  return <Trans>These rows were imported before ({list}); nothing was added again.</Trans>;
}
