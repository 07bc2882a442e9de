/**
 * An entity declared a tree (`tree: 'parentId'`) as nodes under their parents: rows whose parent is
 * missing (deleted, not yet synced, or a loop the server would refuse) hang from the top. Siblings
 * sort as the entity's list does (its default sort: accounts by code), or by title, with the one
 * list engine's rules for text (Persian alphabetical order).
 */
import type { Entity } from '../../contract/entity.ts';
import { compareText, normalizeSearch, sortKey } from '../../contract/list.ts';
import type { LocalRow } from '../../storage/localRecords.ts';
import { rowTitle } from './referenceTitles.ts';

export interface TreeNode {
  row: LocalRow;
  title: string;
  depth: number;
  children: TreeNode[];
}

export function buildTree(entity: Entity, rows: readonly LocalRow[]): TreeNode[] {
  const parentField = entity.tree;
  const live = rows.filter((r) => !r.deleted);
  const nodes = new Map(live.map((row) => [row.id, { row, title: rowTitle(entity, row), depth: 0, children: [] as TreeNode[] }]));
  const parentOf = (id: string) => {
    const value = parentField ? nodes.get(id)?.row[parentField] : null;
    return typeof value === 'string' && nodes.has(value) ? value : null;
  };
  const loops = (id: string) => {
    const seen = new Set<string>();
    for (let at: string | null = id; at; at = parentOf(at)) {
      if (seen.has(at)) return true;
      seen.add(at);
    }
    return false;
  };
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = parentOf(node.row.id);
    (parent && !loops(node.row.id) ? nodes.get(parent)!.children : roots).push(node);
  }
  const { field, direction } = entity.defaultSort;
  const byField = field !== 'updatedAt' && entity.fields[field]?.kind === 'text';
  const keyOf = (node: TreeNode) => sortKey(byField ? String(node.row[field] ?? '') : node.title);
  const order = (list: TreeNode[], depth: number) => {
    list.sort((a, b) => (direction === 'desc' ? -1 : 1) * compareText(keyOf(a), keyOf(b)));
    for (const node of list) {
      node.depth = depth;
      order(node.children, depth + 1);
    }
  };
  order(roots, 0);
  return roots;
}

/** The nodes to show for a search: each match and the path down to it; everything without one. */
export function visibleIds(roots: readonly TreeNode[], search: string): Set<string> | null {
  const words = normalizeSearch(search).split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  const shown = new Set<string>();
  const visit = (node: TreeNode, path: string[]): void => {
    const text = normalizeSearch(
      `${node.title} ${Object.values(node.row)
        .filter((v) => typeof v === 'string')
        .join(' ')}`,
    );
    if (words.every((w) => text.includes(w))) for (const id of [...path, node.row.id]) shown.add(id);
    for (const child of node.children) visit(child, [...path, node.row.id]);
  };
  roots.forEach((root) => visit(root, []));
  return shown;
}

/** The ids of a node and everything under it (a row may not move under its own descendant). */
export function subtreeIds(roots: readonly TreeNode[], id: string): Set<string> {
  const out = new Set<string>();
  const find = (list: readonly TreeNode[]): TreeNode | undefined => {
    for (const node of list) {
      if (node.row.id === id) return node;
      const found = find(node.children);
      if (found) return found;
    }
    return undefined;
  };
  const collect = (node: TreeNode) => {
    out.add(node.row.id);
    node.children.forEach(collect);
  };
  const start = find(roots);
  if (start) collect(start);
  return out;
}
