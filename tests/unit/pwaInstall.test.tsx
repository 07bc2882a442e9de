import { Menu, MenuButton, MenuItems } from '@headlessui/react';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UserMenuExtras } from '../../src/app/layout/UserMenuExtras.tsx';
import { isIosSafari, listenForInstallPrompt } from '../../src/pwa/installPrompt.ts';
import { renderApp } from './renderApp.tsx';

const iPhoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const iPhoneChrome =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1';
const iPadSafari = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const android = 'Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

function menu() {
  return (
    <Menu>
      <MenuButton>menu</MenuButton>
      <MenuItems static>
        <UserMenuExtras />
      </MenuItems>
    </Menu>
  );
}

describe('installing the app', () => {
  it('knows iOS Safari, where installing is a hint rather than a prompt', () => {
    expect(isIosSafari(iPhoneSafari, 5)).toBe(true);
    expect(isIosSafari(iPadSafari, 5)).toBe(true);
    expect(isIosSafari(iPadSafari, 0)).toBe(false);
    expect(isIosSafari(iPhoneChrome, 5)).toBe(false);
    expect(isIosSafari(android, 5)).toBe(false);
  });

  it('offers "Install app" in the user menu once the browser offers it, and shows the browser’s dialog when chosen', async () => {
    listenForInstallPrompt();
    const view = await renderApp(menu(), { locale: 'en' });
    expect(screen.queryByRole('menuitem', { name: 'Install app' })).toBeNull();

    const prompt = vi.fn(async () => {});
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => void window.dispatchEvent(offer));
    expect(offer.defaultPrevented).toBe(true);

    await view.user.click(screen.getByRole('menuitem', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menuitem', { name: 'Install app' })).toBeNull();
  });
});
