/**
 * Words for what is wrong with a field, by the reason the contract gives (validation reasons, and
 * the server's `unique`, `reference` and `permission`), made specific where the field kind says more.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Field } from '../../contract/fields.ts';
import { LONG_TEXT_MAX, TEXT_MAX } from '../../contract/fields.ts';
import { formatNumber } from '../../i18n/format.ts';

const formats: Partial<Record<Field['kind'], ReturnType<typeof msg>>> = {
  mobile: msg`Enter a mobile number such as 0912 345 6789.`,
  email: msg`Enter an email address such as name@example.com.`,
  nationalId: msg`This national ID is not valid; check its ten digits.`,
  postalCode: msg`A postal code has ten digits.`,
  date: msg`Enter a real date.`,
  dateTime: msg`Enter a real date and time.`,
  reference: msg`Choose one of the records.`,
};

export function fieldProblemMessage(i18n: I18n, field: Field, reason: string): string {
  switch (reason) {
    case 'required':
      return i18n._(msg`This field is required.`);
    case 'unique':
      return i18n._(msg`Another record already has this value.`);
    case 'reference':
      return i18n._(msg`The chosen record does not exist any more, or cannot be chosen here.`);
    case 'option':
      return i18n._(msg`Choose one of the options.`);
    case 'permission':
      return i18n._(msg`Your role may not set this.`);
    case 'format':
      return i18n._(formats[field.kind] ?? msg`This value is not in the right form.`);
    case 'range': {
      if (field.kind === 'text' || field.kind === 'longText') {
        const max = formatNumber(field.max ?? (field.kind === 'text' ? TEXT_MAX : LONG_TEXT_MAX));
        return i18n._(msg`This is too long: at most ${max} characters.`);
      }
      if (
        (field.kind === 'integer' || field.kind === 'decimal' || field.kind === 'money') &&
        field.min !== undefined &&
        field.max !== undefined
      ) {
        const [min, max] = [formatNumber(field.min), formatNumber(field.max)];
        return i18n._(msg`Enter a number from ${min} to ${max}.`);
      }
      return i18n._(msg`This value is out of range.`);
    }
    case 'type':
      return field.kind === 'integer' || field.kind === 'money'
        ? i18n._(msg`Enter a whole number.`)
        : field.kind === 'decimal'
          ? i18n._(msg`Enter a number.`)
          : i18n._(msg`This value is not valid.`);
    default:
      return i18n._(msg`This value is not valid.`);
  }
}
