/** Workplaces with their fence, work rules, and the kiosk tablets and readers people clock in on. */
import { useLingui } from '@lingui/react/macro';
import { localDigits } from '@/i18n/format.ts';
import { EntityScreen, type LocalRow } from '@/moduleKit.ts';
import { Device, Place, Rule } from '../../entities/masterData.ts';
import { CentreField } from '../parts/CentreField.tsx';
import { ReaderImport } from '../parts/ReaderImport.tsx';
import { StartKioskButton } from '../parts/StartKiosk.tsx';

const degrees = (value: unknown) => (typeof value === 'string' ? localDigits(value) : '');
const coordinates = { latitude: degrees, longitude: degrees };
const centreWidget = { latitude: CentreField };
const deviceActions = (row: LocalRow) => <StartKioskButton device={row} />;

export function PlaceManagement() {
  const { t } = useLingui();
  return (
    <EntityScreen
      entity={Place}
      defaults={{ radius: 100 }}
      display={coordinates}
      widgets={centreWidget}
      description={t`A phone clocks in at a workplace when it is within the radius of its centre. Stand at the place and use your location, or type the centre’s coordinates as a map app shows them.`}
    />
  );
}

export function RulesManagement() {
  const { t } = useLingui();
  return (
    <EntityScreen
      entity={Rule}
      defaults={{
        workDays: ['sat', 'sun', 'mon', 'tue', 'wed', 'thu'],
        shiftStart: '08:00',
        shiftEnd: '16:00',
        graceMinutes: 10,
        breakMinutes: 30,
        worstAccuracy: 100,
        maxOfflineHours: 72,
      }}
      description={t`Work days and shift, grace for late arrival and early leave, break, overtime, and how strict clocking in from a phone is. A shift that ends before it starts crosses midnight and counts on the day it starts.`}
    />
  );
}

export function DeviceManagement() {
  const { t } = useLingui();
  return (
    <>
      <EntityScreen
        entity={Device}
        defaults={{ kind: 'kiosk', active: true }}
        rowActions={deviceActions}
        description={t`Kiosk tablets and fingerprint readers, each registered to a workplace with its serial number; clear Active to block one. Open a kiosk on the tablet itself to start kiosk mode there.`}
      />
      <ReaderImport />
    </>
  );
}
