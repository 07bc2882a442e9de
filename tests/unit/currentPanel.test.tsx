/**
 * A panel's screens open from the copy of the panel this device saved, while the server is asked:
 * a reload on a weak signal does not wait for that answer. The server's answer replaces the copy;
 * a network failure leaves it, marked stale; a refusal (no longer a member) shows the failure.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WithPanel } from '../../src/panel/WithPanel.tsx';
import { panelEndpoints } from '../../src/contract/panels.ts';
import { readValue, storageKeys } from '../../src/session/keyValue.ts';
import { currentPanelState } from '../../src/storage/currentPanel.ts';
import { envelope, failure, fakeApi, type Answer } from './fakeApi.ts';
import { aPanel, renderInPanel } from './panelFixture.tsx';

afterEach(cleanup);

const screenOf = (
  <WithPanel>
    {(panel, stale) => (
      <p>
        {panel.name} · {stale ? 'stale' : 'current'}
      </p>
    )}
  </WithPanel>
);

/** An answer held until `release` gives it. */
function held(): { answer: Answer; release: (answer: Response | Error) => void } {
  let release!: (answer: Response | Error) => void;
  const given = new Promise<Response | Error>((resolve) => (release = resolve));
  return { answer: () => given, release };
}

/** Opens the panel once with the server answering, so this device has saved it; then reloads with the server's answer held. */
async function reloadedWithAnswerHeld() {
  const panel = aPanel({ name: 'Before' });
  const first = await renderInPanel(screenOf, { panel, locale: 'en' });
  await screen.findByText('Before · current');
  await waitFor(async () => expect(await readValue(storageKeys.currentPanels, (raw) => raw)).toBeDefined());
  cleanup();
  const api = fakeApi();
  const answer = held();
  api.on('GET', panelEndpoints.current.path, answer.answer);
  await renderInPanel(screenOf, { panel, locale: 'en', api, username: first.username });
  return { panel, release: answer.release };
}

describe('the current panel on a reload', () => {
  it('opens from the saved copy while the server is asked, then takes the answer', async () => {
    const { panel, release } = await reloadedWithAnswerHeld();
    await screen.findByText('Before · current');
    expect(currentPanelState()).toMatchObject({ status: 'ready', checking: true, stale: false });

    release(envelope({ ...panel, name: 'After' }));
    await screen.findByText('After · current');
    expect(currentPanelState()).toMatchObject({ status: 'ready', checking: false, stale: false });
  });

  it('keeps the saved copy, marked stale, when the server cannot be reached', async () => {
    const { release } = await reloadedWithAnswerHeld();
    await screen.findByText('Before · current');
    release(new TypeError('Failed to fetch'));
    await screen.findByText('Before · stale', {}, { timeout: 5_000 });
    expect(currentPanelState()).toMatchObject({ checking: false, stale: true });
  });

  it('says the panel cannot be opened when the server refuses it', async () => {
    const { release } = await reloadedWithAnswerHeld();
    await screen.findByText('Before · current');
    const refusal = failure(404, 9101, 'Not a member');
    release(typeof refusal === 'function' ? await refusal({} as never) : refusal);
    await screen.findByText('This panel could not be opened');
    expect(currentPanelState().status).toBe('error');
  });
});
