/**
 * A picker page returns its choice through the address: the page that sent someone to choose
 * names itself in `?return=` and the value it wants in `?field=`; the picker goes back there with
 * `<field>=<chosen id>` added. Static routes, no shared state, and Back still works.
 */
export function pickerHref(pickerPath: string, returnTo: string, field: string, extra: Record<string, string> = {}): string {
  return `${pickerPath}?${new URLSearchParams({ ...extra, return: returnTo, field })}`;
}

/** Where a picker sends its choice: the return address with the field set, or null without one. */
export function returnWithChoice(search: string, id: string): string | null {
  const query = new URLSearchParams(search);
  const back = query.get('return');
  const field = query.get('field');
  // Only a path of this app: never an address elsewhere.
  if (!back || !field || !back.startsWith('/') || back.startsWith('//')) return null;
  const [path, existing = ''] = back.split('?');
  const params = new URLSearchParams(existing);
  params.set(field, id);
  return `${path}?${params}`;
}
