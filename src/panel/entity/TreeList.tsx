/**
 * A tree of rows (categories, locations, accounts): expand and collapse, search (a match shows the
 * path to it), and per row what the screen offers — open it, add under it, or choose it. Nested
 * lists of plain buttons (each toggle says whether it is open), so every control is reachable with
 * Tab and read as what it is.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState, type ReactNode } from 'react';
import type { Entity } from '../../contract/entity.ts';
import type { LocalRow } from '../../storage/localRecords.ts';
import { cx } from '../../ui/cx.ts';
import { ChevronIcon, SearchIcon } from '../../ui/icons.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { buildTree, visibleIds, type TreeNode } from './tree.ts';

export interface TreeListProps {
  entity: Entity;
  rows: readonly LocalRow[];
  /** What each row offers, at its end (buttons). */
  actions: (row: LocalRow) => ReactNode;
  /** A line under the title (a location's kind, a category's code). */
  meta?: (row: LocalRow) => ReactNode;
  label: string;
}

export function TreeList({ entity, rows, actions, meta, label }: TreeListProps) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const roots = useMemo(() => buildTree(entity, rows), [entity, rows]);
  const shown = useMemo(() => visibleIds(roots, search), [roots, search]);
  const toggle = (id: string, open?: boolean) =>
    setClosed((current) => {
      const next = new Set(current);
      if (open ?? next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const render = (nodes: readonly TreeNode[]): ReactNode =>
    nodes
      .filter((node) => !shown || shown.has(node.row.id))
      .map((node) => {
        const open = shown ? true : !closed.has(node.row.id);
        const hasChildren = node.children.length > 0;
        return (
          <li key={node.row.id}>
            <div
              className="flex min-h-12 items-center gap-2 rounded-lg px-2 hover:bg-slate-50"
              style={{ paddingInlineStart: `${node.depth * 1.25 + 0.5}rem` }}
            >
              {hasChildren ? (
                <button
                  type="button"
                  className="grid size-9 shrink-0 place-items-center rounded-lg text-slate-600 hover:bg-slate-200"
                  onClick={() => toggle(node.row.id)}
                  aria-expanded={open}
                  aria-label={t`Show what is under ${node.title}`}
                >
                  <ChevronIcon className={cx('size-4 transition-transform', open ? 'rotate-90' : 'rtl:rotate-180')} />
                </button>
              ) : (
                <span className="size-9 shrink-0" />
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{node.title || '—'}</p>
                {meta && <p className="truncate text-xs text-slate-600">{meta(node.row)}</p>}
              </div>
              <div className="flex shrink-0 flex-wrap gap-1">{actions(node.row)}</div>
            </div>
            {hasChildren && open && <ul>{render(node.children)}</ul>}
          </li>
        );
      });

  return (
    <div className="flex flex-col gap-3">
      <TextField
        type="search"
        label={t`Search ${label}`}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        end={<SearchIcon className="me-2 size-5 text-slate-400" />}
      />
      {roots.length === 0 ? null : shown?.size === 0 ? (
        <p className="rounded-xl bg-white px-4 py-8 text-center text-sm text-slate-700 ring-1 ring-slate-200">
          <Trans>Nothing matches your search.</Trans>
        </p>
      ) : (
        <ul aria-label={label} className="rounded-xl bg-white p-1 ring-1 ring-slate-200">
          {render(roots)}
        </ul>
      )}
    </div>
  );
}
