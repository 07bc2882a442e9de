/** Role: the panel's roles, each with its place in the organisation chart and its permission matrix. */
import { useLingui } from '@lingui/react/macro';
import { Role } from '@/contract/entities/panelManagement.ts';
import { EntityScreen } from '@/moduleKit.ts';
import { PermissionMatrix } from './PermissionMatrix.tsx';

const widgets = { permissions: PermissionMatrix };

export function Roles() {
  const { t } = useLingui();
  return (
    <EntityScreen
      entity={Role}
      widgets={widgets}
      description={t`A role says what its people may see and do in each module. “Reports to” places it in the organisation chart.`}
    />
  );
}
