/**
 * The organisation chart's shape: roles under the role they report to, each with its people; roles
 * whose parent is missing (deleted, or a loop the server refused) hang from the top.
 */
import type { LocalRow } from '@/moduleKit.ts';

export interface OrgNode {
  id: string;
  name: string;
  people: string[];
  children: OrgNode[];
}

export function orgTree(top: { name: string; people: string[] }, roles: readonly LocalRow[], members: readonly LocalRow[]): OrgNode {
  const people = new Map<string, string[]>();
  // Only people who accepted their invitation are in the organisation.
  for (const m of members.filter((member) => member.status === 'active')) {
    const roleId = String(m.roleId ?? '');
    people.set(roleId, [...(people.get(roleId) ?? []), String(m.displayName || m.login || '')]);
  }
  const nodes = new Map<string, OrgNode>(
    roles.map((r) => [r.id, { id: r.id, name: String(r.name ?? ''), people: people.get(r.id) ?? [], children: [] }]),
  );
  const root: OrgNode = { id: 'owner', ...top, children: [] };
  for (const role of roles) {
    const node = nodes.get(role.id)!;
    const parent = typeof role.parentRoleId === 'string' ? nodes.get(role.parentRoleId) : undefined;
    // A parent chain that loops back never reaches the top: attach it there instead.
    (parent && !reaches(parent, node, nodes, roles) ? parent : root).children.push(node);
  }
  const byName = (a: OrgNode, b: OrgNode) => a.name.localeCompare(b.name, 'fa');
  const sort = (node: OrgNode) => {
    node.children.sort(byName);
    node.children.forEach(sort);
  };
  sort(root);
  return root;
}

/** Whether walking up from `from` arrives at `target` (a loop). */
function reaches(from: OrgNode, target: OrgNode, nodes: Map<string, OrgNode>, roles: readonly LocalRow[]): boolean {
  const parents = new Map(roles.map((r) => [r.id, typeof r.parentRoleId === 'string' ? r.parentRoleId : null]));
  const seen = new Set<string>();
  let current: string | null = from.id;
  while (current && !seen.has(current)) {
    if (current === target.id) return true;
    seen.add(current);
    current = parents.get(current) ?? null;
    if (current && !nodes.has(current)) return false;
  }
  return false;
}
