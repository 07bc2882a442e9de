/**
 * "Set kiosk PIN": the manager types the person's new PIN twice (4–8 digits); only its PBKDF2
 * hash is saved (rules/kioskSecret.ts), and reaches the kiosks with the next sync.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { describeError } from '@/i18n/describeError.ts';
import { Alert, Button, type LocalRow, ModalFrame, showToast, TextField, usePanelData } from '@/moduleKit.ts';
import { Personnel } from '../../entities/masterData.ts';
import { hashPin, normalizePin } from '../../rules/kioskSecret.ts';

export function KioskPinDialog({ person, open, onClose }: { person: LocalRow; open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<{ pin?: string; again?: string; save?: string }>({});
  const [saving, setSaving] = useState(false);
  const name = String(person.name);

  function close() {
    setPin('');
    setAgain('');
    setErrors({});
    onClose();
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const normal = normalizePin(pin);
    if (normal === null) return setErrors({ pin: t`Type 4 to 8 digits.` });
    if (normalizePin(again) !== normal) return setErrors({ again: t`The two PINs are not the same.` });
    if (!panel) return;
    setSaving(true);
    try {
      await panel.data.update(Personnel, person.id, { pinHash: await hashPin(normal) });
      showToast({ message: t`Kiosk PIN set for ${name}.`, type: 'success' });
      close();
    } catch (error) {
      setErrors({ save: describeError(i18n, error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <ModalFrame
      open={open}
      onClose={() => !saving && close()}
      title={t`Kiosk PIN for ${name}`}
      onSubmit={save}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-slate-700">
        {t`With a PIN, ${name} clocks in at a kiosk with their personnel code and this PIN. A new PIN replaces any set before, on every kiosk at once: the server checks it.`}
      </p>
      <TextField
        label={t`New PIN`}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        ltr
        value={pin}
        onChange={(e) => setPin(e.target.value)}
        error={errors.pin}
        hint={t`4 to 8 digits.`}
      />
      <TextField
        label={t`The PIN again`}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        ltr
        value={again}
        onChange={(e) => setAgain(e.target.value)}
        error={errors.again}
      />
      {errors.save && <Alert tone="error">{errors.save}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close} disabled={saving}>
          {t`Cancel`}
        </Button>
        <Button type="submit" loading={saving}>
          {t`Set kiosk PIN`}
        </Button>
      </div>
    </ModalFrame>
  );
}
