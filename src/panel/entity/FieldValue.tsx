import { useLingui } from '@lingui/react';
import type { Field } from '../../contract/fields.ts';
import { useFieldDisplay } from './fieldDisplay.ts';
import { fieldText, isLtrKind } from './fieldText.ts';

/** A field's value in a cell or a details list; a dash when empty; codes and numbers left to right. */
export function FieldValue({
  field,
  name,
  value,
  titles,
}: {
  field: Field;
  name?: string;
  value: unknown;
  titles?: ReadonlyMap<string, string>;
}) {
  const { i18n } = useLingui();
  const shown = useFieldDisplay()[name ?? ''];
  const text = shown && value !== null && value !== undefined ? shown(value) : fieldText(i18n, field, value, titles);
  if (!text) return <span className="text-slate-400">—</span>;
  // Isolated, so Persian text in an English table (and the other way round) keeps its own direction.
  return isLtrKind(field.kind) ? <bdi dir="ltr">{text}</bdi> : <bdi>{text}</bdi>;
}
