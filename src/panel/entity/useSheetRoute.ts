/**
 * Which row a list screen has open, kept in the address (routes are static, so the row goes in
 * the query): `?id=<id>` shows it, `?edit=<id>` edits it, `?new` adds one. Back closes it.
 */
import { useLocation, useSearch } from 'wouter';

export type Sheet = { mode: 'closed' } | { mode: 'view' | 'edit'; id: string } | { mode: 'new' };

export function useSheetRoute(): [Sheet, (next: Sheet) => void] {
  const [location, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const sheet: Sheet = query.has('new')
    ? { mode: 'new' }
    : query.get('edit')
      ? { mode: 'edit', id: query.get('edit')! }
      : query.get('id')
        ? { mode: 'view', id: query.get('id')! }
        : { mode: 'closed' };
  const open = (next: Sheet) => {
    const search =
      next.mode === 'closed'
        ? ''
        : next.mode === 'new'
          ? '?new'
          : `?${next.mode === 'view' ? 'id' : 'edit'}=${encodeURIComponent(next.id)}`;
    navigate(`${location}${search}`, { replace: sheet.mode !== 'closed' && next.mode !== 'closed' });
  };
  return [sheet, open];
}
