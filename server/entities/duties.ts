/**
 * Separation of duties (docs/decisions/019-separation-of-duties.md), for every entity from its
 * declaration: a field with a `guard` (a review verdict, a policy) is written only by holders of
 * the entity's grant it names, and never on a row whose `person` is the writer, whatever their
 * role. The owner holds every grant and is not a Member, so no row names them as its person.
 * Checked in the one mutation path, so REST and sync pushes alike are held to it.
 */
import { Code } from '../../src/contract/codes.ts';
import { permission, type Entity, type Row, type WriteFieldReason } from '../../src/contract/entity.ts';
import type { Field } from '../../src/contract/fields.ts';
import { RuleRejection, type WriteContext } from './writeContext.ts';

const empty = (v: unknown) => v === null || v === undefined || v === false || v === '' || (Array.isArray(v) && v.length === 0);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Whether writing `value` to the field is the guarded act: one of its values, or (without values) anything not empty. */
function guardedAct(field: Field, value: unknown): boolean {
  const guard = field.guard!;
  if (guard.values) {
    const given = Array.isArray(value) ? value : [value];
    return given.some((v) => typeof v === 'string' && guard.values!.includes(v));
  }
  return !empty(value);
}

/** The guarded fields a write asks to set (`given`: the caller's own values, before any hook). */
export function guardedFields(entity: Entity, given: Record<string, unknown>, current: Row | null): string[] {
  const names: string[] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!field.guard || !(name in given)) continue;
    if (current && same(given[name], current[name])) continue;
    // An update that changes the field is the act (unless only some values are guarded); a create must set it.
    if ((!current || field.guard.values) && !guardedAct(field, given[name])) continue;
    names.push(name);
  }
  return names;
}

/**
 * Refuses (9400, the fields named) a write of guarded fields by someone without their grant
 * (`permission`), or on a row whose person is the writer (`option`) (`row`: the row as it will be, after the hooks).
 */
export function checkDuties(
  ctx: WriteContext,
  entity: Entity,
  given: Record<string, unknown>,
  row: Record<string, unknown>,
  current: Row | null,
): void {
  const names = guardedFields(entity, given, current);
  if (!names.length) return;
  const refused: Record<string, WriteFieldReason> = {};
  for (const name of names) {
    if (!ctx.access.permissions.has(permission(entity, entity.fields[name]!.guard!.grant))) refused[name] = 'permission';
  }
  const person = entity.person ? row[entity.person] : undefined;
  const own = typeof person === 'string' && ctx.access.memberId !== null && person.toLowerCase() === ctx.access.memberId.toLowerCase();
  if (own) for (const name of names) refused[name] = 'option';
  if (Object.keys(refused).length) throw new RuleRejection(Code.InvalidOperation, refused);
}
