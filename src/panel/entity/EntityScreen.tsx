/**
 * A whole screen for one entity, derived from its declaration: the list, a row's details, the
 * create/edit form and delete with a confirmation, each action shown only when `canAccess` allows
 * it (the server checks again). Modules use it as is, or pass widgets and content of their own.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { deletable, editable, permission, type Entity } from '../../contract/entity.ts';
import { describeError } from '../../i18n/describeError.ts';
import { useCanAccess } from '../../storage/access.ts';
import type { LocalRow } from '../../storage/localRecords.ts';
import { usePanelData } from '../../storage/panelData.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ImportLink } from '../import/ImportLink.tsx';
import { PageHeader } from '../../ui/Card.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { PlusIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { showToast } from '../../ui/toast.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { RecordNotFound } from '../RecordNotFound.tsx';
import { usePageRecord } from '../usePageRecord.ts';
import { EntityDetails } from './EntityDetails.tsx';
import { EntityForm, type EntityFormProps } from './EntityForm.tsx';
import { EntityList } from './EntityList.tsx';
import { EntitySheet } from './EntitySheet.tsx';
import { FieldDisplayContext, type FieldDisplay } from './fieldDisplay.ts';
import { rowTitle } from './referenceTitles.ts';
import { useSheetRoute } from './useSheetRoute.ts';
import { inSentence } from '../../i18n/format.ts';

export interface EntityScreenProps {
  entity: Entity;
  description?: ReactNode;
  /** Above the list (the panel's owner on the people screen). */
  before?: ReactNode;
  widgets?: EntityFormProps['widgets'];
  defaults?: EntityFormProps['defaults'];
  /** Fields shown otherwise than their kind shows them. */
  display?: FieldDisplay;
  /** A module's own actions on the open row (set a PIN, print a badge), shown beside edit and delete. */
  rowActions?: (row: LocalRow) => ReactNode;
}

const noDisplay: FieldDisplay = {};

export function EntityScreen({ entity, description, before, widgets, defaults, display = noDisplay, rowActions }: EntityScreenProps) {
  const { t, i18n } = useLingui();
  const can = useCanAccess();
  const panel = usePanelData();
  const [sheet, open] = useSheetRoute();
  const rowId = sheet.mode === 'view' || sheet.mode === 'edit' ? sheet.id : null;
  const record = usePageRecord(entity, rowId);
  const row = record.row;
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const pluralLabel = i18n._(entity.pluralLabel);
  const label = i18n._(entity.label);
  // Inside a sentence the names are words of it ("Add staff member"); alone they are titles.
  const plural = inSentence(pluralLabel);
  const singular = inSentence(label);
  useDocumentTitle(pluralLabel);
  const may = {
    create: can(permission(entity, 'create')),
    update: editable(entity) && can(permission(entity, 'update')),
    delete: deletable(entity) && can(permission(entity, 'delete')),
  };
  const writable = !entity.serverOnly;

  if (!can(permission(entity, 'read'))) {
    return (
      <>
        <PageHeader title={pluralLabel} />
        <Alert tone="warning" title={t`You do not have access to ${plural}`}>
          {t`Ask the panel’s owner or an administrator for access.`}
        </Alert>
      </>
    );
  }

  async function remove() {
    if (!row || !panel) return;
    setDeleting(true);
    try {
      await panel.data.remove(entity, row.id);
      showToast({ message: t`Deleted. The change will be sent to the server.`, type: 'success' });
      setConfirming(false);
      open({ mode: 'closed' });
    } catch (error) {
      showToast(describeError(i18n, error), { type: 'error' });
    } finally {
      setDeleting(false);
    }
  }

  const addButton = writable && may.create && (
    <Button icon={<PlusIcon />} onClick={() => open({ mode: 'new' })}>
      <Trans>Add {singular}</Trans>
    </Button>
  );
  const title = row ? rowTitle(entity, row) || label : sheet.mode === 'new' ? t`New ${singular}` : label;

  return (
    <FieldDisplayContext.Provider value={display}>
      <PageHeader
        title={pluralLabel}
        description={description}
        actions={
          addButton && (
            <>
              <ImportLink entity={entity} />
              {addButton}
            </>
          )
        }
      />
      {before}
      <EntityList entity={entity} onOpen={(r) => open({ mode: 'view', id: r.id })} empty={addButton} />
      <EntitySheet open={sheet.mode !== 'closed'} title={title} onClose={() => open({ mode: 'closed' })}>
        {sheet.mode === 'new' ? (
          <EntityForm
            entity={entity}
            widgets={widgets}
            defaults={defaults}
            onCancel={() => open({ mode: 'closed' })}
            onSaved={(saved) => open({ mode: 'view', id: saved.id })}
          />
        ) : record.status === 'notFound' ? (
          <RecordNotFound entity={entity} reason={record.reason} />
        ) : !row ? (
          <div className="grid place-items-center py-16 text-brand-700">
            <Spinner className="size-8" />
          </div>
        ) : sheet.mode === 'edit' && writable && may.update ? (
          <EntityForm
            key={row.id}
            entity={entity}
            row={row}
            widgets={widgets}
            onCancel={() => open({ mode: 'view', id: row.id })}
            onSaved={() => open({ mode: 'view', id: row.id })}
          />
        ) : (
          <EntityDetails
            entity={entity}
            row={row}
            onEdit={writable && may.update ? () => open({ mode: 'edit', id: row.id }) : undefined}
            onDelete={writable && may.delete ? () => setConfirming(true) : undefined}
            actions={rowActions?.(row)}
          />
        )}
        <ConfirmDialog
          open={confirming}
          tone="danger"
          title={t`Delete “${title}”?`}
          confirmLabel={t`Delete`}
          cancelLabel={t`Keep it`}
          busy={deleting}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        >
          <p>{t`It is removed from this device now and from the server at the next sync. Others in the panel will no longer see it.`}</p>
        </ConfirmDialog>
      </EntitySheet>
    </FieldDisplayContext.Provider>
  );
}
