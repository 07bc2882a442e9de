/** Personnel: the list (each with their workplaces, rule and attendance policy, and their kiosk PIN and badge) and the form to add one. */
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { EntityFormPage, EntityScreen, type LocalRow } from '@/moduleKit.ts';
import { Personnel } from '../../entities/masterData.ts';
import { FullNameField } from '../parts/FullNameField.tsx';
import { KioskActions } from '../parts/KioskActions.tsx';
import { PlacesField, usePlaceNames } from '../parts/PlacesField.tsx';
import { hr } from '../paths.ts';

const widgets = { placeIds: PlacesField, name: FullNameField };
export const newPersonnel = { methods: ['phoneFence'], offlineAccepted: true, active: true };
const kioskActions = (row: LocalRow) => <KioskActions person={row} />;

export function PersonnelList() {
  const { t } = useLingui();
  const placeNames = usePlaceNames();
  const display = useMemo(() => ({ placeIds: placeNames }), [placeNames]);
  return (
    <EntityScreen
      entity={Personnel}
      widgets={widgets}
      defaults={newPersonnel}
      display={display}
      rowActions={kioskActions}
      description={t`Each person’s workplaces, work rule and how they may clock in; link a panel member to let them clock in from their own phone.`}
    />
  );
}

export function AddNewPersonnel() {
  return (
    <EntityFormPage entity={Personnel} widgets={widgets} defaults={newPersonnel} after={() => hr.personnelList} back={hr.personnelList} />
  );
}
