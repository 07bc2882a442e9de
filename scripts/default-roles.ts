/**
 * Prints the default roles' permission matrices (server/access/defaultRoles.ts): one line per
 * entity with the actions and grants each default role holds. `npx tsx scripts/default-roles.ts`
 */
import '../server/modules/discover.ts';
import { entities } from '../src/contract/modules.ts';
import { entityActions, permission } from '../src/contract/entity.ts';
import { defaultMatrices } from '../server/access/defaultRoles.ts';

const roles = Object.entries(defaultMatrices).map(([key, matrix]) => [key, new Set(matrix())] as const);
for (const [key, held] of roles) {
  console.log(`\n## ${key} (${held.size} permissions)`);
  for (const entity of entities()) {
    const all = [...entityActions(entity), ...Object.keys(entity.grants ?? {})];
    const has = all.filter((a) => held.has(permission(entity, a)));
    if (has.length) console.log(`${entity.key.padEnd(40)} ${has.join(', ')}`);
  }
  const other = [...held].filter((p) => !entities().some((e) => p.startsWith(`${e.module}.${e.name}.`)));
  if (other.length) console.log(`${'(panel)'.padEnd(40)} ${other.join(', ')}`);
}
