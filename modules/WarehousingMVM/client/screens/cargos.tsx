/**
 * Cargos (warehousing.md, Cargos/*): the list of announced shipments (each opens its check on
 * arrival) and the form announcing one: carrier, vehicle plate, driver and mobile, waybill,
 * expected date and the lines expected. What arrived is written by ReceiveCorgo, not here.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation, useSearch } from 'wouter';
import { asDocument, permission } from '@/contract/entity.ts';
import { DocumentEditor, EntityList, NewDocumentLink, PlusIcon, ScreenFrame } from '@/moduleKit.ts';
import { Cargo } from '../../entities/inbound.ts';
import { LocationField } from '../parts/LocationField.tsx';
import { LineQuantityField } from '../parts/QuantityField.tsx';
import { ScanLinesBar } from '../parts/ScanLinesBar.tsx';
import { wh, withQuery } from '../paths.ts';
import { addDays, tehranToday } from '../stockView.ts';

function AddCargoLink() {
  return (
    <NewDocumentLink entity={Cargo} href={wh.addCargo}>
      <PlusIcon />
      <Trans>Announce a cargo</Trans>
    </NewDocumentLink>
  );
}

export function CargoList() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  return (
    <ScreenFrame
      title={t`Cargos`}
      description={<Trans>Shipments announced before they arrive; open one to check it on arrival.</Trans>}
      actions={<AddCargoLink />}
      needs={permission(Cargo, 'read')}
    >
      <EntityList entity={Cargo} onOpen={(row) => navigate(withQuery(wh.receiveCargo, { id: row.id }))} empty={<AddCargoLink />} />
    </ScreenFrame>
  );
}

/** What arrived is checked on arrival, not announced. */
const Hidden = () => null;
const lineWidgets = { received: Hidden, damaged: Hidden, locationId: LocationField, expected: LineQuantityField };

export function AddNewCargo() {
  const { t } = useLingui();
  const id = new URLSearchParams(useSearch()).get('id');
  return (
    <DocumentEditor
      entity={Cargo}
      id={id}
      title={id ? t`Edit the cargo` : t`Announce a cargo`}
      description={<Trans>The carrier, the vehicle and the goods expected; check them line by line when they arrive.</Trans>}
      detailsPath={wh.receiveCargo}
      listPath={wh.cargoList}
      defaults={{ expectedDate: addDays(tehranToday(), 1) }}
      lineWidgets={lineWidgets}
      linesToolbar={(values, setLines) => (
        <ScanLinesBar spec={asDocument(Cargo).document} values={values} setLines={setLines} quantityField="expected" />
      )}
    />
  );
}
