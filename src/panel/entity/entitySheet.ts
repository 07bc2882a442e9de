/**
 * A list as a sheet for CSV and Excel (decision 041): the columns the list shows, its rows in the
 * order and under the search and filters on screen, and those search words and filters written
 * under the title. Numbers, amounts and dates stay typed; the rest is the text the list shows.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Entity, Row } from '../../contract/entity.ts';
import type { Field } from '../../contract/fields.ts';
import type { ListParams } from '../../contract/list.ts';
import { moneyUnitName } from '../../i18n/money.ts';
import type { Sheet, SheetColumn, SheetValue } from '../spreadsheet/sheet.ts';
import { panelMoneyUnit } from '../useMoney.ts';
import type { FieldDisplay } from './fieldDisplay.ts';
import { fieldText } from './fieldText.ts';

/** What the list is narrowed by: its search words, filters and ranges. */
export interface ListNarrowing {
  search: string;
  filters: Record<string, unknown>;
  ranges: NonNullable<ListParams['ranges']>;
}

const typed: Partial<Record<Field['kind'], SheetColumn['kind']>> = { integer: 'number', decimal: 'quantity', money: 'money', date: 'date' };

function narrowingLines(
  i18n: I18n,
  entity: Entity,
  narrowing: ListNarrowing,
  titles: ReadonlyMap<string, ReadonlyMap<string, string>>,
): string[] {
  const lines: string[] = [];
  const words = narrowing.search.trim();
  if (words) lines.push(i18n._(msg`Search: ${words}`));
  for (const [name, value] of Object.entries(narrowing.filters)) {
    const field = entity.fields[name];
    if (!field || value === undefined || value === null || value === '') continue;
    const label = i18n._(field.label);
    const shown = fieldText(i18n, field, value, titles.get(name));
    lines.push(i18n._(msg`${label}: ${shown}`));
  }
  for (const [name, range] of Object.entries(narrowing.ranges)) {
    const field = entity.fields[name];
    if (!field || (!range.from && !range.to)) continue;
    const label = i18n._(field.label);
    const from = range.from ? fieldText(i18n, field, range.from) : '';
    const to = range.to ? fieldText(i18n, field, range.to) : '';
    if (from && to) lines.push(i18n._(msg`${label}: from ${from} to ${to}`));
    else if (from) lines.push(i18n._(msg`${label}: from ${from}`));
    else lines.push(i18n._(msg`${label}: up to ${to}`));
  }
  return lines;
}

export function entitySheet(
  i18n: I18n,
  entity: Entity,
  rows: readonly Row[],
  titles: ReadonlyMap<string, ReadonlyMap<string, string>>,
  narrowing: ListNarrowing,
  display: FieldDisplay = {},
): Sheet {
  const fields = entity.listFields.map((name) => [name, entity.fields[name]!] as const);
  const unit = panelMoneyUnit();
  const value = (name: string, field: Field, raw: unknown): SheetValue => {
    if (raw === null || raw === undefined) return null;
    const shown = display[name];
    if (shown) return shown(raw);
    if (typed[field.kind]) return raw as SheetValue;
    return fieldText(i18n, field, raw, titles.get(name));
  };
  return {
    title: i18n._(entity.pluralLabel),
    about: narrowingLines(i18n, entity, narrowing, titles),
    money: { code: unit, unit: moneyUnitName(i18n, unit) },
    columns: fields.map(([name, field]) => ({ header: i18n._(field.label), kind: display[name] ? 'text' : (typed[field.kind] ?? 'text') })),
    rows: rows.map((row) => fields.map(([name, field]) => value(name, field, row[name]))),
  };
}
