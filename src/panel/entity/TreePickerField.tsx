/**
 * A reference to a row of a tree entity chosen from the tree itself (warehousing's
 * CategorySelectModal): the field shows the chosen row's path («نوشیدنی › چای»), and opens a
 * dialog with the tree, indented by depth, and a search that keeps the path to each match. Rows
 * come from this device, as every reference's do.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import { entityByKey } from '../../contract/modules.ts';
import { usePanelData } from '../../storage/panelData.ts';
import { useTableRows } from '../../storage/tableRows.ts';
import { Button } from '../../ui/Button.tsx';
import { cx } from '../../ui/cx.ts';
import { CheckIcon } from '../../ui/icons.tsx';
import { ModalFrame } from '../../ui/ModalFrame.tsx';
import { inputClasses, TextField } from '../../ui/TextField.tsx';
import type { WidgetProps } from './fieldWidgets.tsx';
import { buildTree, visibleIds, type TreeNode } from './tree.ts';

function flatten(nodes: readonly TreeNode[], shown: Set<string> | null): TreeNode[] {
  return nodes.flatMap((node) => (shown && !shown.has(node.row.id) ? [] : [node, ...flatten(node.children, shown)]));
}

function pathTo(nodes: readonly TreeNode[], id: string): string[] | null {
  for (const node of nodes) {
    if (node.row.id === id) return [node.title];
    const below = pathTo(node.children, id);
    if (below) return [node.title, ...below];
  }
  return null;
}

export function TreePickerField({ field, label, value, onChange, error, hint }: WidgetProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const messageId = useId();
  const panel = usePanelData();
  const entity = field.kind === 'reference' ? entityByKey(field.to) : undefined;
  const [rows] = useTableRows(panel?.db, entity ? [entity] : []);
  const roots = useMemo(() => (entity && rows ? buildTree(entity, rows) : []), [entity, rows]);
  const chosen = typeof value === 'string' ? value : null;
  const path = chosen ? (pathTo(roots, chosen)?.join(' › ') ?? '…') : '';
  const listed = flatten(roots, visibleIds(roots, search));
  const choose = (id: string | null) => {
    onChange(id);
    setOpen(false);
    setSearch('');
  };
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-slate-800" id={`${messageId}-label`}>
        {label}
      </span>
      <button
        type="button"
        className={cx(inputClasses, 'text-start', !path && 'text-slate-500')}
        aria-labelledby={`${messageId}-label ${messageId}-value`}
        aria-describedby={error || hint ? messageId : undefined}
        aria-haspopup="dialog"
        aria-invalid={error ? true : undefined}
        onClick={() => setOpen(true)}
      >
        <span id={`${messageId}-value`}>{path || t`None chosen: choose from the tree`}</span>
      </button>
      {(error || hint) && (
        <p id={messageId} className={error ? 'text-sm text-red-700' : 'text-xs text-slate-600'} role={error ? 'alert' : undefined}>
          {error ?? hint}
        </p>
      )}
      <ModalFrame
        open={open}
        onClose={() => setOpen(false)}
        title={t`Choose: ${label}`}
        size="lg"
        className="flex max-h-[85dvh] flex-col gap-3"
      >
        <TextField label={t`Search`} value={search} onChange={(event) => setSearch(event.target.value)} />
        <ul className="min-h-0 flex-1 overflow-y-auto rounded-xl ring-1 ring-slate-200" aria-label={label}>
          {!field.required && (
            <li>
              <button
                type="button"
                className="w-full px-3 py-2.5 text-start text-sm text-slate-600 hover:bg-slate-50"
                onClick={() => choose(null)}
              >
                <Trans>None</Trans>
              </button>
            </li>
          )}
          {listed.map((node) => (
            <li key={node.row.id}>
              <button
                type="button"
                className={cx(
                  'flex w-full items-center gap-2 py-2.5 pe-3 text-start text-sm hover:bg-brand-50',
                  node.row.id === chosen && 'bg-brand-50 font-semibold',
                )}
                style={{ paddingInlineStart: `${0.75 + node.depth * 1.25}rem` }}
                aria-current={node.row.id === chosen ? 'true' : undefined}
                onClick={() => choose(node.row.id)}
              >
                <CheckIcon className={cx('size-4 text-brand-700', node.row.id !== chosen && 'invisible')} />
                {node.title || '—'}
              </button>
            </li>
          ))}
          {rows && listed.length === 0 && (
            <li className="px-3 py-2.5 text-sm text-slate-600">
              <Trans>Nothing matches.</Trans>
            </li>
          )}
        </ul>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            <Trans>Close</Trans>
          </Button>
        </div>
      </ModalFrame>
    </div>
  );
}
