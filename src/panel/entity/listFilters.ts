import { shownFields, type Entity } from '../../contract/entity.ts';
import type { Field } from '../../contract/fields.ts';

/** The fields a list can be filtered by: choices (select, reference, yes/no) and, when indexed, date ranges. */
export function filterFields(entity: Entity): { choices: [string, Field][]; ranges: [string, Field][] } {
  const fields = shownFields(entity);
  return {
    choices: fields.filter(([, field]) => field.kind === 'select' || field.kind === 'reference' || field.kind === 'boolean'),
    ranges: fields.filter(([name, field]) => (field.kind === 'date' || field.kind === 'dateTime') && entity.indexes.includes(name)),
  };
}
