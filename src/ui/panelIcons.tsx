/**
 * The icons a panel and its modules can wear (contract: `PanelDetails.icon` is one of these keys).
 * One 24-unit grid, 1.8 stroke in currentColor, like the app's other icons; each has a name for
 * the picker. Unknown keys (a newer server) fall back to the store.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SVGProps } from 'react';

interface PanelIconDefinition {
  label: MessageDescriptor;
  /** One or more path data strings. */
  paths: readonly string[];
}

export const panelIcons = {
  store: {
    label: msg`Shop`,
    paths: [
      'M4 9l1.5-5h13L20 9',
      'M4 9h16v2a3 3 0 0 1-5.3 1.9A3 3 0 0 1 12 14a3 3 0 0 1-2.7-1.1A3 3 0 0 1 4 11z',
      'M5 13v7h14v-7',
      'M10 20v-4h4v4',
    ],
  },
  building: { label: msg`Office`, paths: ['M5 21V4h10v17', 'M15 9h4v12', 'M3 21h18', 'M8 8h1M11 8h1M8 12h1M11 12h1M8 16h1M11 16h1'] },
  factory: { label: msg`Factory`, paths: ['M3 21V10l6 4v-4l6 4V5h3v16z', 'M3 21h18', 'M7 17h2M12 17h2'] },
  warehouse: { label: msg`Warehouse`, paths: ['M3 9l9-5 9 5v12H3z', 'M7 21v-8h10v8', 'M7 16h10'] },
  truck: {
    label: msg`Delivery`,
    paths: ['M3 6h11v10H3z', 'M14 10h4l3 3v3h-7', 'M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4ZM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z'],
  },
  cart: {
    label: msg`Sales`,
    paths: ['M3 4h2l2.4 11h10.1l2-8H6.2', 'M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2ZM17 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z'],
  },
  people: {
    label: msg`People`,
    paths: [
      'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Z',
      'M2.5 20a6.5 6.5 0 0 1 13 0',
      'M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14a6 6 0 0 1 3.5 6',
    ],
  },
  clock: { label: msg`Attendance`, paths: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'M12 7v5l3 2'] },
  chart: { label: msg`Reports`, paths: ['M4 20V4', 'M4 20h16', 'M8 16v-4M12 16V8M16 16v-6'] },
  wallet: { label: msg`Accounting`, paths: ['M4 7h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4z', 'M4 7V6a2 2 0 0 1 2-2h10', 'M16 13.5h2'] },
  box: { label: msg`Products`, paths: ['M12 3l8 4.5v9L12 21l-8-4.5v-9z', 'M4 7.5l8 4.5 8-4.5', 'M12 12v9'] },
  coffee: { label: msg`Café`, paths: ['M4 9h12v6a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z', 'M16 11h1.5a2.5 2.5 0 0 1 0 5H16', 'M8 3v3M12 3v3'] },
  medical: { label: msg`Clinic`, paths: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'M12 8v8M8 12h8'] },
  tools: { label: msg`Workshop`, paths: ['M14.5 6.5a4 4 0 0 0-5.6 4.9L3 17.3 6.7 21l5.9-5.9a4 4 0 0 0 4.9-5.6l-2.5 2.5-2.5-.5-.5-2.5z'] },
  leaf: { label: msg`Farm`, paths: ['M5 19c0-9 5-14 15-14 0 10-5 15-14 15z', 'M5 19l7-7'] },
  book: { label: msg`School`, paths: ['M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z', 'M4 19V5', 'M8 7h7'] },
  shield: { label: msg`Administration`, paths: ['M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z', 'M9 12l2 2 4-4'] },
  grid: { label: msg`Panel`, paths: ['M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z'] },
} as const satisfies Record<string, PanelIconDefinition>;

export type PanelIconKey = keyof typeof panelIcons;
export const panelIconKeys = Object.keys(panelIcons) as PanelIconKey[];
export const DEFAULT_PANEL_ICON: PanelIconKey = 'store';

export function isPanelIconKey(value: unknown): value is PanelIconKey {
  return typeof value === 'string' && value in panelIcons;
}

/** A panel's or module's icon by key; decorative (the name beside it says what it is). */
export function PanelIconGlyph({ icon, ...props }: { icon: string | null | undefined } & SVGProps<SVGSVGElement>) {
  const definition = panelIcons[isPanelIconKey(icon) ? icon : DEFAULT_PANEL_ICON];
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="size-5"
      {...props}
    >
      {definition.paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
