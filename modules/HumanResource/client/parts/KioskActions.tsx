/** A person's kiosk actions on their details: set the kiosk PIN, print a badge (for those who may edit personnel). */
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { permission } from '@/contract/entity.ts';
import { Button, type LocalRow, useCanAccess } from '@/moduleKit.ts';
import { Personnel } from '../../entities/masterData.ts';

const KioskPinDialog = lazy(async () => ({ default: (await import('./KioskPinDialog.tsx')).KioskPinDialog }));
const BadgeDialog = lazy(async () => ({ default: (await import('./BadgeDialog.tsx')).BadgeDialog }));

export function KioskActions({ person }: { person: LocalRow }) {
  const { t } = useLingui();
  const can = useCanAccess();
  const [open, setOpen] = useState<'pin' | 'badge' | null>(null);
  if (!can(permission(Personnel, 'update'))) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen('pin')}>
        {t`Set kiosk PIN`}
      </Button>
      <Button variant="secondary" onClick={() => setOpen('badge')}>
        {t`Print badge`}
      </Button>
      <Suspense fallback={null}>
        {open === 'pin' && <KioskPinDialog person={person} open onClose={() => setOpen(null)} />}
        {open === 'badge' && <BadgeDialog person={person} open onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}
