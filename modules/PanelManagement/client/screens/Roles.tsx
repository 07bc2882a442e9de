/** Role: the panel's roles, each with its place in the organisation chart and its permission matrix. */
import { useLingui } from '@lingui/react/macro';
import { Role } from '../../../../src/contract/entities/panelManagement.ts';
import { EntityScreen } from '../../../../src/panel/entity/EntityScreen.tsx';
import { PermissionMatrix } from './PermissionMatrix.tsx';

const widgets = { permissions: PermissionMatrix };

export function Roles() {
  const { t } = useLingui();
  return <EntityScreen entity={Role} widgets={widgets} description={t`A role says what its people may see and do in each module. “Reports to” places it in the organisation chart.`} />;
}
