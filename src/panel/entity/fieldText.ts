/**
 * A field's value as people read it, as plain text (table cells, details, CSV): numbers with
 * grouping, money in the panel's unit, dates Jalali in Persian, select and boolean values by their labels,
 * references by the referenced row's name (or "On the server" for a row before the device's window
 * of history).
 */
import { toRials } from '../../contract/money.ts';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Field } from '../../contract/fields.ts';
import { entityByKey } from '../../contract/modules.ts';
import { formatDate, formatDateTime, formatNumber, formatQuantity, joinNames, localDigits } from '../../i18n/format.ts';
import { formatMoney } from '../../i18n/money.ts';
import { panelMoneyUnit } from '../useMoney.ts';

export function fieldText(i18n: I18n, field: Field, value: unknown, titles?: ReadonlyMap<string, string>): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.kind) {
    case 'integer':
      return typeof value === 'number' ? formatNumber(value) : String(value);
    case 'decimal':
      return typeof value === 'number' ? formatNumber(value) : formatQuantity(String(value));
    case 'money': {
      // Exact: a number, or the decimal text of an amount past 2^53 (contract/money.ts), in the panel's unit.
      const amount = toRials(value);
      return amount === null ? String(value) : formatMoney(i18n, amount, panelMoneyUnit());
    }
    case 'date':
      return formatDate(String(value));
    case 'dateTime':
      return formatDateTime(String(value));
    case 'boolean':
      return value ? i18n._(msg`Yes`) : i18n._(msg`No`);
    case 'select': {
      const option = field.options.find((o) => o.value === value);
      return option ? i18n._(option.label) : String(value);
    }
    case 'reference': {
      const title = titles?.get(String(value));
      if (title !== undefined) return title;
      // A row older than the device keeps (decision 050) is the server's, not a broken reference.
      return titles && entityByKey(field.to)?.window ? i18n._(msg`On the server`) : '…';
    }
    case 'stringList': {
      // A multi-select shows its options' words, not their stored values.
      const word = (v: unknown) => field.options?.find((o) => o.value === v)?.label;
      return Array.isArray(value) ? joinNames(value.map((v) => (word(v) ? i18n._(word(v)!) : String(v)))) : String(value);
    }
    case 'mobile':
    case 'nationalId':
    case 'postalCode':
      return localDigits(String(value));
    default:
      return String(value);
  }
}

/** Kinds shown as left-to-right islands inside right-to-left text. */
export function isLtrKind(kind: Field['kind']): boolean {
  return ['mobile', 'email', 'nationalId', 'postalCode'].includes(kind);
}
