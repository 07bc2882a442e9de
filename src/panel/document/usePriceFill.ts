/**
 * A line's price filled in from the item picked on it (documents.md): when a sale line's module or
 * goods in's product is chosen, the item's own price (the catalogue's, the product's purchase
 * price) is put into the line's price field, where the person may still change it. The items are
 * the referenced table's rows on this device, read once and shared with the reference pickers.
 */
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import type { DocumentSpec } from '../../contract/entity.ts';
import { entityByKey } from '../../contract/modules.ts';
import { usePanelData } from '../../storage/panelData.ts';
import { useTableRows } from '../../storage/tableRows.ts';
import { fieldText } from '../entity/fieldText.ts';
import type { FormValues } from '../entity/formValues.ts';
import type { LineFill } from './documentValues.ts';

export interface PriceFillOptions {
  /** The line's reference field that picks the item. */
  item: string;
  /** The line's price field it fills. */
  price: string;
  /** The item's field that holds its price. */
  from: string;
  /** Whether the document takes the item's price at all (goods in does, goods out does not). */
  when?: (header: FormValues) => boolean;
}

export function usePriceFill(spec: DocumentSpec, { item, price, from, when }: PriceFillOptions): LineFill {
  const panel = usePanelData();
  const field = spec.lines[item];
  const items = field?.kind === 'reference' ? entityByKey(field.to) : undefined;
  if (!items) throw new Error(`The line field ${item} is not a reference`);
  const { i18n } = useLingui();
  const [rows] = useTableRows(panel?.db, [items]);
  const prices = useMemo(() => new Map((rows ?? []).map((row) => [row.id, row[from]])), [rows, from]);
  // A choice copied into a line's free text is written as people read it: the product's unit
  // «عدد», not its stored `piece` (the line's text is what the invoice prints).
  const source = items.fields[from];
  const words = source?.kind === 'select' && spec.lines[price]?.kind === 'text';
  return (line, before, header) => {
    const picked = line[item];
    if (typeof picked !== 'string' || !picked || picked === before?.[item] || (when && !when(header))) return line;
    const value = prices.get(picked);
    if (!(typeof value === 'number' || (typeof value === 'string' && value !== ''))) return line;
    return { ...line, [price]: words ? fieldText(i18n, source, value) : String(value) };
  };
}
