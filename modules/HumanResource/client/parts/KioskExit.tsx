/**
 * Leaving kiosk mode needs a manager (decision 021): they sign in here with their own username
 * and password, and the server ends the kiosk's credential if they may manage devices; the tablet
 * then forgets everything of the kiosk and stays signed in as that manager. Anyone else is told
 * so and signed out again. Offline a kiosk cannot be left: the server must agree.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  clearSession,
  login,
  logout,
  LogoutIcon,
  ModalFrame,
  storeLogin,
  storePanelCode,
  TextField,
  useOnline,
} from '@/moduleKit.ts';
import { describeError } from '@/i18n/describeError.ts';
import { leaveKiosk } from '../kioskApi.ts';
import type { KioskState } from '../kioskTablet.ts';

export function KioskExit({ kiosk, onLeft }: { kiosk: KioskState; onLeft: () => void }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function leave(event: FormEvent) {
    event.preventDefault();
    if (busy || !username || !password) return;
    setBusy(true);
    setFailure(null);
    let signedIn: string | null = null;
    try {
      const tokens = await login(username.trim(), password);
      signedIn = tokens.refresh_token;
      storeLogin(tokens, username.trim(), 'password');
      storePanelCode(kiosk.panelCode);
      await leaveKiosk(kiosk.deviceId);
      setOpen(false);
      onLeft();
    } catch (error) {
      if (signedIn) {
        await logout(signedIn).catch(() => {});
        clearSession();
      }
      setFailure(describeError(i18n, error));
    } finally {
      setBusy(false);
      setPassword('');
    }
  }

  const deviceName = kiosk.deviceName;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="flex items-center gap-2 rounded-xl px-3 py-2 text-sm text-white/80 ring-1 ring-white/30 select-none hover:text-white"
      >
        <LogoutIcon className="size-4" />
        <span>{t`Leave kiosk mode`}</span>
      </button>
      <ModalFrame
        open={open}
        onClose={() => !busy && setOpen(false)}
        title={t`Leave kiosk mode?`}
        description={
          <p>{t`A manager signs in to end kiosk mode: this tablet stops being the kiosk “${deviceName}”, and nobody can clock in here until a manager starts kiosk mode again.`}</p>
        }
        onSubmit={(e) => void leave(e)}
        className="flex flex-col gap-4"
      >
        {!online && <Alert tone="warning">{t`The tablet is offline: kiosk mode can be left only when it is online.`}</Alert>}
        <TextField label={t`Manager’s username`} ltr autoComplete="off" value={username} onChange={(e) => setUsername(e.target.value)} />
        <TextField
          label={t`Password`}
          type="password"
          ltr
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
            {t`Stay in kiosk mode`}
          </Button>
          <Button type="submit" variant="danger" disabled={busy || !online}>
            {t`Leave kiosk mode`}
          </Button>
        </div>
      </ModalFrame>
    </>
  );
}
