import type { ReactNode } from 'react';
import type { DataColumn } from './dataColumn.ts';
import { CellContent } from './CellContent.tsx';

/** The row's name: a button that opens the row when the table opens rows, with what leads it. */
export function TitleCell<R>({
  column,
  row,
  onOpen,
  lead,
}: {
  column: DataColumn<R>;
  row: R;
  onOpen?: (row: R) => void;
  lead?: ReactNode;
}) {
  const content = <CellContent column={column} row={row} className="min-w-0" />;
  if (!onOpen) {
    return lead ? (
      <span className="flex min-w-0 items-center gap-2">
        {lead}
        {content}
      </span>
    ) : (
      content
    );
  }
  return (
    <button
      type="button"
      onClick={() => onOpen(row)}
      className="flex max-w-full min-w-0 items-center gap-2 text-start font-medium text-brand-800 hover:underline"
    >
      {lead}
      {content}
    </button>
  );
}
