/**
 * The values a form edits: from a row into the widgets' shapes, and back through the contract's
 * `normalizeField` (the rules the server applies too) into the values the data layer writes.
 */
import type { Entity, Row } from '../../contract/entity.ts';
import { fieldApplies, normalizeField, type Field } from '../../contract/fields.ts';

export type FormValues = Record<string, unknown>;

/** The fields a form shows: neither written only by the server nor internal (set by a screen's own action, if at all). */
export function editableFields(entity: Entity): [string, Field][] {
  return Object.entries(entity.fields).filter(([, field]) => !field.readOnly && !field.internal);
}

/**
 * A row's value in the shape its widget edits (numbers as text while typed). Nothing becomes
 * empty, except a required choice, which holds its first option, the one its select shows: a
 * form never shows a value its state does not hold.
 */
export function toWidget(field: Field, value: unknown): unknown {
  if (value === null || value === undefined) {
    if (field.kind === 'select' && field.required) return field.options[0]?.value ?? '';
    if (field.kind === 'boolean') return false;
    if (field.kind === 'stringList') return [];
    if (field.kind === 'date' || field.kind === 'dateTime' || field.kind === 'reference') return null;
    return '';
  }
  if (typeof value === 'number') return String(value);
  return value;
}

export function initialValues(entity: Entity, row?: Row | null): FormValues {
  return Object.fromEntries(editableFields(entity).map(([name, field]) => [name, toWidget(field, row?.[name])]));
}

/** The fields of these that apply to the values (a conditional field's condition holds). */
export function applyingFields(fields: [string, Field][], values: FormValues): [string, Field][] {
  return fields.filter(([, field]) => fieldApplies(field, values));
}

/**
 * The written values of these fields, or each failing field's reason. A field that does not apply
 * to the values is written empty, whatever was typed into it before it stopped applying.
 */
export function checkFields(
  fields: [string, Field][],
  values: FormValues,
): { values: Record<string, unknown> } | { errors: Record<string, string> } {
  const out: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const [name, field] of fields) {
    const raw = fieldApplies(field, values) ? values[name] : null;
    const result = normalizeField(field, typeof raw === 'string' && field.kind !== 'text' && field.kind !== 'longText' ? raw.trim() : raw);
    if ('problem' in result) errors[name] = result.problem.reason;
    else out[name] = result.value;
  }
  return Object.keys(errors).length ? { errors } : { values: out };
}

/** The written values, or each failing field's reason. */
export function checkValues(entity: Entity, values: FormValues): { values: Record<string, unknown> } | { errors: Record<string, string> } {
  return checkFields(editableFields(entity), values);
}
