/** People and companies goods come from and go to (suppliers, customers, carriers, consignors). */
import { useLingui } from '@lingui/react/macro';
import { EntityFormPage, EntityScreen } from '@/moduleKit.ts';
import { Party } from '../../entities/masterData.ts';
import { wh } from '../paths.ts';

export function PeopleList() {
  const { t } = useLingui();
  return <EntityScreen entity={Party} description={t`Suppliers, customers, carriers and consignors; one may be several.`} />;
}

export function AddNewPeople() {
  return <EntityFormPage entity={Party} defaults={{ kinds: ['supplier'] }} after={() => wh.peopleList} back={wh.peopleList} />;
}
