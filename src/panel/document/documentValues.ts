/**
 * The values a document form edits: the header's fields (formValues.ts) and the lines, each with
 * its own id and its fields in the widgets' shapes; checked back through the contract's rules
 * (the server's too) into what the data layer writes. A line field's problem is keyed
 * `lines.<i>.<field>`, as the server reports it.
 */
import { newId } from '../../storage/newId.ts';
import type { DocumentSpec, Entity, Line, Row } from '../../contract/entity.ts';
import type { Field } from '../../contract/fields.ts';
import { checkFields, editableFields, initialValues, toWidget, type FormValues } from '../entity/formValues.ts';

export type LineValues = { id: string } & FormValues;

export interface DocumentValues {
  header: FormValues;
  lines: LineValues[];
}

export function emptyLine(spec: DocumentSpec): LineValues {
  return { id: newId(), ...Object.fromEntries(Object.entries(spec.lines).map(([name, field]) => [name, toWidget(field, null)])) };
}

/** The internal header fields a module's own part of the form edits (DocumentForm's `headerPart`). */
const partFields = (entity: Entity, names: readonly string[]): [string, Field][] =>
  names.flatMap((name) => (entity.fields[name] && !entity.fields[name].readOnly ? [[name, entity.fields[name]] as [string, Field]] : []));

export function initialDocument(
  entity: Entity & { document: DocumentSpec },
  row?: Row | null,
  defaults?: FormValues,
  defaultLines?: readonly Line[],
  ownFields: readonly string[] = [],
): DocumentValues {
  const lines = ((row?.lines as Line[] | undefined) ?? (row ? [] : (defaultLines ?? []))).map((line) => ({
    id: line.id,
    ...Object.fromEntries(Object.entries(entity.document.lines).map(([name, field]) => [name, toWidget(field, line[name])])),
  }));
  return {
    header: {
      ...initialValues(entity, row),
      ...Object.fromEntries(partFields(entity, ownFields).map(([name, field]) => [name, toWidget(field, row?.[name])])),
      ...(row ? {} : defaults),
    },
    lines: lines.length ? lines : [emptyLine(entity.document)],
  };
}

/** A line nobody has filled in (the spare one at the end, holding only what it started with) is left out. */
function blank(spec: DocumentSpec, line: LineValues): boolean {
  return Object.entries(spec.lines).every(([name, field]) => {
    const v = line[name];
    return v === null || v === undefined || v === '' || v === toWidget(field, null);
  });
}

/** The values to write (header and lines), or each failing field's reason. */
export function checkDocument(
  entity: Entity & { document: DocumentSpec },
  values: DocumentValues,
  ownFields: readonly string[] = [],
): { values: Record<string, unknown> } | { errors: Record<string, string> } {
  const header = checkFields([...editableFields(entity), ...partFields(entity, ownFields)], values.header);
  const errors: Record<string, string> = 'errors' in header ? { ...header.errors } : {};
  const lines: Line[] = [];
  values.lines.forEach((line, i) => {
    if (blank(entity.document, line)) return;
    const checked = checkFields(Object.entries(entity.document.lines), line);
    if ('errors' in checked) for (const [name, reason] of Object.entries(checked.errors)) errors[`lines.${i}.${name}`] = reason;
    else lines.push({ id: line.id, ...checked.values });
  });
  if (Object.keys(errors).length || 'errors' in header) return { errors };
  return { values: { ...header.values, lines } };
}

/** What a line gets from what was picked on it: the line (changed or not) and the line as it was. */
export type LineFill = (line: LineValues, before: LineValues | undefined, header: FormValues) => LineValues;

/** The lines with each changed one passed through `fill` (a line nobody touched stays as it is). */
export function fillLines(next: LineValues[], before: LineValues[], header: FormValues, fill: LineFill | undefined): LineValues[] {
  if (!fill) return next;
  const old = new Map(before.map((line) => [line.id, line]));
  return next.map((line) => (old.get(line.id) === line ? line : fill(line, old.get(line.id), header)));
}
