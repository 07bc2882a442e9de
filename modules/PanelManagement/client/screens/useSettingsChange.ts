/**
 * Panel settings (details, modules, icons, first-run setup) change on the server at once, not
 * through sync: they decide what everyone sees. One hook runs such a change, keeps the answer as
 * the current panel, and says how it went.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { CurrentPanel } from '@/contract/panels.ts';
import { describeError } from '@/i18n/describeError.ts';
import { replaceCurrentPanel, showToast } from '@/moduleKit.ts';

export function useSettingsChange(): {
  busy: string | null;
  run: (name: string, change: () => Promise<CurrentPanel>, done: string) => Promise<unknown>;
} {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState<string | null>(null);
  async function run(name: string, change: () => Promise<CurrentPanel>, done: string): Promise<unknown> {
    setBusy(name);
    try {
      await replaceCurrentPanel(await change());
      showToast(done, { type: 'success' });
      return null;
    } catch (error) {
      showToast(describeError(i18n, error), { type: 'error' });
      return error;
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}
