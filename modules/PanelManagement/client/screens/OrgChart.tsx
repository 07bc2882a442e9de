/**
 * The organisation chart itself (roles under the roles they report to, with their people), drawn
 * with @visx/hierarchy; screen readers get the same tree as nested lists. The ChartFlow screen
 * shows it, and other modules draw it through exports.ts (sales' setup checklist). A chart wider
 * than its box opens scrolled to its root, whichever way the language runs.
 */
import { useLingui } from '@lingui/react/macro';
import { Group } from '@visx/group';
import { hierarchy, Tree } from '@visx/hierarchy';
import { LinkVertical } from '@visx/shape';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { Member, Role } from '@/contract/entities/panelManagement.ts';
import { formatNumber, joinNames } from '@/i18n/format.ts';
import { Card, type PanelInUse, Spinner, useList } from '@/moduleKit.ts';
import { orgTree, type OrgNode } from './orgChart.ts';

const NODE = { width: 176, height: 68, gapX: 24, gapY: 56 };

export function OrgChart({ panel }: { panel: PanelInUse }) {
  const { t, i18n } = useLingui();
  const rtl = i18n.locale === 'fa';
  const roles = useList(Role);
  const members = useList(Member);
  const owner = t`Owner`;
  const tree = useMemo(
    () =>
      roles.data && members.data
        ? orgTree({ name: owner, people: panel.ownerDisplayName ? [panel.ownerDisplayName] : [] }, roles.data.items, members.data.items)
        : null,
    [roles.data, members.data, owner, panel.ownerDisplayName],
  );
  const box = useRef<HTMLElement>(null);
  useLayoutEffect(() => centreOnRoot(box.current), [tree, rtl]);
  if (!tree) return <Spinner className="mx-auto mt-16 size-8 text-brand-700" />;
  const root = hierarchy(tree);
  return (
    // Wide charts scroll sideways; the box takes focus so keyboards can scroll it too.
    <Card ref={box} className="overflow-x-auto p-3 sm:p-4" tabIndex={0} aria-label={t`Organisation chart`}>
      <Tree root={root} nodeSize={[NODE.width + NODE.gapX, NODE.height + NODE.gapY]} separation={() => 1}>
        {(layout) => {
          const nodes = layout.descendants();
          const left = Math.min(...nodes.map((n) => n.x));
          const right = Math.max(...nodes.map((n) => n.x));
          const width = right - left + NODE.width + NODE.gapX;
          // In Persian the first of siblings stands on the right, as text reads.
          const across = (x: number) => (rtl ? left + right - x : x);
          const height = (root.height + 1) * (NODE.height + NODE.gapY);
          return (
            <svg width={width} height={height} role="img" aria-label={t`Organisation chart`} className="mx-auto block">
              <Group top={NODE.height / 2 + 8} left={NODE.width / 2 + NODE.gapX / 2 - left}>
                {layout.links().map((link) => (
                  <LinkVertical
                    key={`${link.source.data.id}-${link.target.data.id}`}
                    data={link}
                    x={(node: { x: number }) => across(node.x)}
                    stroke="#94a3b8"
                    strokeWidth={1.5}
                    fill="none"
                  />
                ))}
                {nodes.map((node) => (
                  <ChartNode key={node.data.id} node={node.data} x={across(node.x)} y={node.y} top={node.depth === 0} />
                ))}
              </Group>
            </svg>
          );
        }}
      </Tree>
      <OrgList node={tree} />
    </Card>
  );
}

/** Scrolls a chart's box so that its root stands in the middle (a no-op when the chart fits). */
function centreOnRoot(box: HTMLElement | null) {
  const root = box?.querySelector('[data-org-root]');
  if (!box || !root) return;
  const a = root.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  box.scrollLeft += a.left + a.width / 2 - (b.left + b.width / 2);
}

function ChartNode({ node, x, y, top }: { node: OrgNode; x: number; y: number; top: boolean }) {
  const shown = joinNames(node.people.slice(0, 2));
  const more = node.people.length - 2;
  const moreText = more > 0 ? ` +${formatNumber(more)}` : '';
  return (
    <Group top={y - NODE.height / 2} left={x - NODE.width / 2}>
      <rect
        data-org-root={top || undefined}
        width={NODE.width}
        height={NODE.height}
        rx={12}
        fill={top ? 'var(--color-brand-700)' : '#fff'}
        stroke={top ? 'none' : '#cbd5e1'}
      />
      <text
        x={NODE.width / 2}
        y={26}
        textAnchor="middle"
        fontSize={14}
        fontWeight={700}
        fill={top ? '#fff' : '#0f172a'}
        style={{ unicodeBidi: 'plaintext' }}
      >
        {node.name.length > 20 ? `${node.name.slice(0, 19)}…` : node.name}
      </text>
      <text
        x={NODE.width / 2}
        y={48}
        textAnchor="middle"
        fontSize={12}
        fill={top ? '#d5efea' : '#475569'}
        style={{ unicodeBidi: 'plaintext' }}
      >
        {(shown.length > 26 ? `${shown.slice(0, 25)}…` : shown) + moreText || '—'}
      </text>
    </Group>
  );
}

function OrgList({ node }: { node: OrgNode }) {
  return (
    <ul className="sr-only">
      <li>
        {node.name}
        {node.people.length > 0 && `: ${joinNames(node.people)}`}
        {node.children.length > 0 && node.children.map((child) => <OrgList key={child.id} node={child} />)}
      </li>
    </ul>
  );
}
