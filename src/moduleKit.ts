/**
 * The module kit: the one platform file a module's client imports (besides `src/contract/*`,
 * `src/i18n/*`, React, Lingui and other npm packages), as `@/moduleKit.ts`. ESLint's
 * `pishkhan/layers` refuses any other `src/` import from `modules/<Key>/client`
 * (docs/decisions/035-the-module-kit.md). It sits above `panel`, below the modules.
 *
 * Named re-exports only, one line per platform file, grouped by what a screen needs. A name a
 * module needs and the kit lacks is added here (the codemod that moved the modules onto the kit
 * adds the missing line itself: /work/wt/kit-codemod.mjs at the time of writing).
 */

// A module's client declaration and its screens' loading.
export { type ClientModule, defineClientModule, moduleEntry, type RefusalProps, routePath } from './panel/clientModule.ts';
export { lazyScreen } from './panel/lazyScreen.ts';
export { clientModule, documentPage, listedModules } from './panel/moduleRegistry.ts';

// The screen frame and the panel a screen runs in.
export { ScreenFrame } from './panel/ScreenFrame.tsx';
export { NoAccess, WithPanel } from './panel/WithPanel.tsx';
export { RecordNotFound } from './panel/RecordNotFound.tsx';
export { usePageRecord } from './panel/usePageRecord.ts';
export { useDocumentTitle } from './ui/useDocumentTitle.ts';
/** Rows from which a DataTable scrolls in a box of its own (a screen that pages on that box's scroll). */
export { VIRTUAL_FROM } from './ui/useVirtualRows.ts';

// The entity kit: list, details, form, tree, references, fields.
export { EntityScreen } from './panel/entity/EntityScreen.tsx';
export { EntityList } from './panel/entity/EntityList.tsx';
export { EntityDetails } from './panel/entity/EntityDetails.tsx';
export { EntityForm } from './panel/entity/EntityForm.tsx';
export { EntityFormPage } from './panel/entity/EntityFormPage.tsx';
export { TreeList } from './panel/entity/TreeList.tsx';
export { TreePickerField } from './panel/entity/TreePickerField.tsx';
export { ReferenceCombobox } from './panel/entity/ReferenceCombobox.tsx';
export { FieldValue } from './panel/entity/FieldValue.tsx';
export { fieldText } from './panel/entity/fieldText.ts';
export { pickerHref, returnWithChoice } from './panel/entity/choice.ts';
export { csvText, downloadCsv } from './panel/entity/entityCsv.ts';
export { fieldColumns } from './panel/entity/fieldColumns.tsx';
export type { FieldDisplay } from './panel/entity/fieldDisplay.ts';
export type { WidgetProps } from './panel/entity/fieldWidgets.tsx';
export type { FormValues } from './panel/entity/formValues.ts';
export { useReferenceTitles } from './panel/entity/referenceTitles.ts';
export { useReferenceMaps } from './panel/entity/useReferenceMaps.ts';
export { fieldProblemMessage } from './panel/entity/fieldProblems.ts';
export { ImportLink } from './panel/import/ImportLink.tsx';

// The document kit.
export type { DocumentFormProps } from './panel/document/DocumentForm.tsx';
export { DocumentEditor, DocumentPage, NewDocumentLink } from './panel/document/DocumentPages.tsx';
export { DocumentLead } from './panel/document/DocumentStatusBadge.tsx';
export { DocumentView, type DocumentViewProps } from './panel/document/DocumentView.tsx';
export { PendingNotice } from './panel/document/PendingNotice.tsx';
export { PrintHeader } from './panel/document/PrintHeader.tsx';
export { StageBar } from './panel/document/StageBar.tsx';
export { documentState } from './panel/document/documentState.ts';
export { emptyLine, type DocumentValues, type LineValues } from './panel/document/documentValues.ts';
export { usePriceFill } from './panel/document/usePriceFill.ts';
export { useStageMove } from './panel/document/useStageMove.tsx';

// Money and numbers.
export { MoneyField } from './panel/MoneyField.tsx';
export { useMoney, type Amount } from './panel/useMoney.ts';
export { NumberField, type NumberFieldProps } from './ui/NumberField.tsx';

// Reports: their CSV and print buttons.
export { ReportButtons } from './panel/ReportButtons.tsx';
export { ReportProvenance } from './panel/ReportProvenance.tsx';
export { type ReportSource, useReportSource } from './panel/reportSource.ts';
export { SheetButtons } from './panel/spreadsheet/SheetButtons.tsx';
export type { Sheet, SheetColumn, SheetValue } from './panel/spreadsheet/sheet.ts';

// Charts (lazy: render them inside a <Suspense>).
export { BarChart, DailyBarChart } from './panel/lazyCharts.ts';
export type { BarChartProps } from './ui/BarChart.tsx';

// The panel's own screens (PanelManagement).
export { IconChoice } from './panel/IconChoice.tsx';
export { PanelDetailsFields } from './panel/PanelDetailsFields.tsx';
export { PanelListView } from './panel/PanelListView.tsx';
export { detailsOf, serverFieldErrors } from './panel/panelDetailsForm.ts';

// The design system.
export { Alert, type Tone } from './ui/Alert.tsx';
export { BarcodeScanner } from './ui/BarcodeScanner.tsx';
export { code128Svg, ean13Svg, qrSvg } from './ui/barcode/barcodeSvg.ts';
export { code128Encodable } from './ui/barcode/code128.ts';
export { ean13Digits } from './ui/barcode/ean13.ts';
export { Button, buttonClasses } from './ui/Button.tsx';
export { Card, PageHeader, SectionCard } from './ui/Card.tsx';
export { CheckboxGroup } from './ui/CheckboxGroup.tsx';
export { ConfirmDialog } from './ui/ConfirmDialog.tsx';
export { DataTable, type DataColumn } from './ui/DataTable.tsx';
export { DateField } from './ui/DateField.tsx';
export { EmptyState } from './ui/EmptyState.tsx';
export { Loading } from './ui/Loading.tsx';
export { Ltr } from './ui/Ltr.tsx';
export { ModalFrame } from './ui/ModalFrame.tsx';
export { ProgressBar } from './ui/ProgressBar.tsx';
export { SelectField } from './ui/SelectField.tsx';
export { Spinner } from './ui/Spinner.tsx';
export { TextAreaField } from './ui/TextAreaField.tsx';
export { TextField } from './ui/TextField.tsx';
export { cx } from './ui/cx.ts';
export { dateFromIso, isoFromDate } from './ui/dateCalendar.ts';
export { useDayButtonLabel } from './ui/dayButtonLabel.ts';
export { focusFirstInvalid } from './ui/focusFirstInvalid.ts';
export { CheckIcon, DownloadIcon, InfoIcon, LogoutIcon, OfflineIcon, PlusIcon, SearchIcon, ShieldIcon, TrashIcon } from './ui/icons.tsx';
export { PanelIconGlyph } from './ui/panelIcons.tsx';
export { showToast } from './ui/toast.ts';
export { useNow } from './ui/useNow.ts';
export { useOnline } from './ui/useOnline.ts';

// The panel's data: storage hooks, rows, writes, access.
export { PanelDb } from './storage/PanelDb.ts';
export { panelAllows, seesAllOf, useCanAccess } from './storage/access.ts';
export { loadCurrentPanel, replaceCurrentPanel, resetCurrentPanel, useCurrentPanel, type PanelInUse } from './storage/currentPanel.ts';
export { resetCurrentUser } from './storage/currentUser.ts';
export type { LocalRow, SyncProblem } from './storage/localRecords.ts';
export { newId } from './storage/newId.ts';
export { activePanelData, deleteLocalData, usePanelData } from './storage/panelData.ts';
export { pendingRows } from './storage/pendingRows.ts';
export { rowByCode } from './storage/rowByCode.ts';
export { ensureTotals, readTotals, sumTotals } from './storage/entityTotals.ts';
export { reachesBeforeWindow, useWindowStart, windowStartOf } from './storage/syncWindow.ts';
export { KeptQuery, useTableRows } from './storage/tableRows.ts';
export { useList, useOne } from './storage/useData.ts';
export { useSyncCounts } from './storage/useSyncState.ts';

// The session and the API (the platform's own account and panel calls).
export { clearSession, readSession, storeLogin, storePanelCode } from './session/session.ts';
export { useSession } from './session/useSession.ts';
export { ApiError } from './api/ApiError.ts';
export { login, logout } from './api/account.ts';
export { endSessionHere } from './panel/endSession.ts';
export { apiCall, apiData, httpSettings } from './api/http.ts';
export {
  createInitialElements,
  downloadPanelBackup,
  restorePanelBackup,
  runBooksAudit,
  updatePanelDetails,
  updatePanelModules,
} from './api/panels.ts';
// (codemod: names added after the first run go below)
export { saveAndSubmit } from './storage/localWrites.ts';
export { printMoney, type PrintMoney } from './panel/document/print/printMoney.ts';
export { usePanelMoneyUnit } from './panel/useMoney.ts';
