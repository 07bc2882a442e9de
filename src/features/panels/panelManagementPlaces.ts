/** The panel-management screens in the navigation, each with the permission that shows it. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Activity, Member, Role } from '../../contract/entities/panelManagement.ts';
import { permission } from '../../contract/entity.ts';
import { PANEL_SETTINGS_PERMISSION } from '../../contract/panels.ts';

export interface Place {
  screen: string;
  label: MessageDescriptor;
  /** Shown only to those holding it; null for everyone in the panel. */
  needs: string | null;
}

export const panelManagementPlaces: readonly Place[] = [
  { screen: 'People/Access', label: msg`People and access`, needs: permission(Member, 'read') },
  { screen: 'Role', label: msg`Roles and permissions`, needs: permission(Role, 'read') },
  { screen: 'ChartFlow', label: msg`Organisation chart`, needs: permission(Role, 'read') },
  { screen: 'Activity', label: msg`Activity log`, needs: permission(Activity, 'read') },
  { screen: 'Module/list', label: msg`Modules`, needs: PANEL_SETTINGS_PERMISSION },
  { screen: 'Icon', label: msg`Icons`, needs: PANEL_SETTINGS_PERMISSION },
  { screen: 'PanelDetails', label: msg`Panel details`, needs: PANEL_SETTINGS_PERMISSION },
  { screen: 'list', label: msg`All my panels`, needs: null },
];
