import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { entityByKey } from '@/contract/modules.ts';
import { Activity } from '@/contract/entities/panelManagement.ts';
import { EntityScreen, type FieldDisplay } from '@/moduleKit.ts';

/** What the log's "what" holds: an entity's key (`<Module>/<Entity>`), or a part of the panel's settings. */
const panelParts = { Panel: msg`Panel`, 'Panel/Details': msg`Panel details`, 'Panel/Modules': msg`Modules` } as const;

function subjectText(i18n: I18n, value: unknown): string {
  const key = String(value);
  const entity = entityByKey(key);
  if (entity) return i18n._(entity.label);
  return key in panelParts ? i18n._(panelParts[key as keyof typeof panelParts]) : key;
}

/** Activity: the audit log of every write in the panel (who, what, when), searchable and filterable by action and date. */
export function ActivityLog() {
  const { t, i18n } = useLingui();
  const display = useMemo<FieldDisplay>(() => ({ entity: (value) => subjectText(i18n, value) }), [i18n]);
  return (
    <EntityScreen
      entity={Activity}
      display={display}
      description={t`Every change made in this panel, by whom and when. Only the server writes it.`}
    />
  );
}
