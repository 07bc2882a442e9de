/**
 * console.error and console.warn fail the test that caused them, unless the test said it expects
 * them (`allowConsole('warn')`). Installed by setup.ts for every server test.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { format } from 'node:util';

export type ConsoleKind = 'error' | 'warn';

const allowed = new Set<ConsoleKind>();
let messages: { kind: ConsoleKind; text: string }[] = [];

/** Lets this test write to console.`kind`; answers what it wrote, for assertions. */
export function allowConsole(kind: ConsoleKind): { readonly texts: string[] } {
  allowed.add(kind);
  return {
    get texts() {
      return messages.filter((m) => m.kind === kind).map((m) => m.text);
    },
  };
}

export function installConsoleGuard(): void {
  beforeEach(() => {
    allowed.clear();
    messages = [];
    for (const kind of ['error', 'warn'] as const) {
      vi.spyOn(console, kind).mockImplementation((...args: unknown[]) => {
        messages.push({ kind, text: format(...args) });
      });
    }
  });

  afterEach(() => {
    vi.mocked(console.error).mockRestore();
    vi.mocked(console.warn).mockRestore();
    const unexpected = messages.filter((m) => !allowed.has(m.kind));
    if (unexpected.length) {
      throw new Error(`unexpected console output:\n${unexpected.map((m) => `console.${m.kind}: ${m.text}`).join('\n')}`);
    }
  });
}
