/**
 * The live rows of several of the module's tables at once (undefined until all are read), for the
 * screens that work their figures out on the device from what it holds: dashboards, boards, the
 * timeline. What the server keeps from someone (others' customers and sales) is never there.
 */
import type { Entity } from '@/contract/entity.ts';
import { type LocalRow, usePanelData, useTableRows } from '@/moduleKit.ts';
import { useMemo } from 'react';

export function useRows(entities: readonly Entity[]): LocalRow[][] | undefined {
  const panel = usePanelData();
  const tables = useTableRows(panel?.db, entities);
  return useMemo(() => (tables.every((t) => t !== undefined) ? tables.map((t) => t!.filter((r) => !r.deleted)) : undefined), [tables]);
}
