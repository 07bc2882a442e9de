/**
 * Setup after a won sale (Sale/PanelSetupForms/*): a checklist per won sale — enable the sold
 * modules, create the customer's first role and user, draw their organisation chart — each step
 * with its responsible person, due date and done. Each route shows its step for every won sale
 * (or the one in `?saleId=`); the chart step draws panel management's organisation chart.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { permission, type Line } from '@/contract/entity.ts';
import { describeError } from '@/i18n/describeError.ts';
import { formatDate, joinNames } from '@/i18n/format.ts';
import {
  buttonClasses,
  CheckIcon,
  DateField,
  EmptyState,
  Loading,
  type LocalRow,
  NoAccess,
  PageHeader,
  SectionCard,
  SelectField,
  showToast,
  useCanAccess,
  useDocumentTitle,
  usePanelData,
  useReferenceTitles,
  WithPanel,
} from '@/moduleKit.ts';
import { OrganisationChart } from '../../../PanelManagement/client/exports.ts';
import { Sale, SetupStep, setupSteps, type SetupStepKind } from '../../entities/sale.ts';
import { isLive } from '../../rules/salesFigures.ts';
import { nm, withQuery } from '../paths.ts';
import { useRows } from '../useRows.ts';

const routes: Record<SetupStepKind, string> = { addModule: nm.setupModules, addRoleUser: nm.setupRoleUser, chartFlow: nm.setupChart };

export function SetupModules() {
  return <SetupScreen step="addModule" />;
}

export function SetupRoleUser() {
  return <SetupScreen step="addRoleUser" />;
}

export function SetupChart() {
  return (
    <SetupScreen step="chartFlow">
      <WithPanel>{(panel) => <OrganisationChart panel={panel} />}</WithPanel>
    </SetupScreen>
  );
}

function SetupScreen({ step, children }: { step: SetupStepKind; children?: ReactNode }) {
  const { t, i18n } = useLingui();
  const can = useCanAccess();
  const saleId = new URLSearchParams(useSearch()).get('saleId');
  const title = i18n._(setupSteps.find((s) => s.value === step)!.label);
  useDocumentTitle(title);
  return (
    <>
      <PageHeader
        title={<Trans>Setup after a sale</Trans>}
        description={
          <Trans>
            For each won sale: enable its modules, create the customer’s first role and user, and draw their organisation chart.
          </Trans>
        }
      />
      <nav aria-label={t`Setup steps`} className="mb-4 flex flex-wrap gap-2">
        {setupSteps.map((s) => (
          <Link
            key={s.value}
            href={withQuery(routes[s.value], { saleId })}
            aria-current={s.value === step ? 'page' : undefined}
            className={buttonClasses(s.value === step ? 'primary' : 'secondary', 'sm')}
          >
            {i18n._(s.label)}
          </Link>
        ))}
      </nav>
      {can(permission(SetupStep, 'read')) ? (
        <div className="flex flex-col gap-4">
          <SectionCard title={title}>
            <Checklist step={step} saleId={saleId} />
          </SectionCard>
          {children}
        </div>
      ) : (
        <NoAccess />
      )}
    </>
  );
}

function Checklist({ step, saleId }: { step: SetupStepKind; saleId: string | null }) {
  const { t, i18n } = useLingui();
  const can = useCanAccess();
  const panel = usePanelData();
  const rows = useRows([Sale, SetupStep]);
  const customers = useReferenceTitles('NagemManagement/Customer');
  const members = useReferenceTitles('PanelManagement/Member');
  const modules = useReferenceTitles('NagemManagement/Module');
  const items = useMemo(() => {
    if (!rows) return null;
    const [sales, steps] = rows as [LocalRow[], LocalRow[]];
    const byKey = new Map(steps.map((s) => [`${s.saleId}|${s.step}`, s]));
    return sales
      .filter((s) => isLive(s) && s.stage === 'won' && (!saleId || s.id === saleId))
      .sort((a, b) => String(b.closedOn ?? '').localeCompare(String(a.closedOn ?? '')))
      .map((sale) => ({ sale, row: byKey.get(`${sale.id}|${step}`) ?? null }));
  }, [rows, saleId, step]);
  if (!items) return <Loading />;
  if (!items.length) return <EmptyState icon={<CheckIcon className="size-7" />} title={<Trans>No won sale to set up</Trans>} />;
  const editable = can(permission(SetupStep, 'create')) && can(permission(SetupStep, 'update'));
  const owners = [
    { value: '', label: t`No one yet` },
    ...[...(members ?? new Map<string, string>())].map(([value, label]) => ({ value, label })),
  ];

  async function save(sale: LocalRow, row: LocalRow | null, values: Record<string, unknown>) {
    if (!panel) return;
    try {
      if (row) await panel.data.update(SetupStep, row.id, values);
      else await panel.data.create(SetupStep, { saleId: sale.id, step, done: false, ...values });
    } catch (error) {
      showToast(describeError(i18n, error), { type: 'error' });
    }
  }

  return (
    <ul className="divide-y divide-slate-100">
      {items.map(({ sale, row }) => {
        const customer = customers?.get(String(sale.customerId)) ?? '…';
        const sold = joinNames([
          ...new Set(((sale.lines as Line[] | undefined) ?? []).map((l) => modules?.get(String(l.moduleId)) ?? '…')),
        ]);
        const closed = typeof sale.closedOn === 'string' ? formatDate(sale.closedOn) : '';
        return (
          <li key={sale.id} className="flex flex-col gap-3 py-3 lg:flex-row lg:items-end">
            <div className="min-w-0 flex-1">
              <Link href={withQuery(nm.sales, { id: sale.id })} className="font-semibold text-brand-800 hover:underline">
                {customer}
              </Link>
              <p className="text-sm text-slate-600">
                <Trans>
                  Won {closed}: {sold}
                </Trans>
              </p>
            </div>
            <SelectField
              className="lg:w-52"
              label={t`Responsible for ${customer}`}
              disabled={!editable}
              value={String(row?.ownerId ?? '')}
              onChange={(e) => void save(sale, row, { ownerId: e.target.value || null })}
              options={owners}
            />
            <DateField
              className="lg:w-52"
              label={t`Due date for ${customer}`}
              disabled={!editable}
              value={typeof row?.due === 'string' ? row.due : null}
              onChange={(due) => void save(sale, row, { due })}
            />
            <label className="flex items-center gap-2 pb-2 text-sm">
              <input
                type="checkbox"
                className="size-5 rounded border-slate-300 accent-brand-700"
                disabled={!editable}
                checked={row?.done === true}
                onChange={(e) => void save(sale, row, { done: e.target.checked })}
              />
              <Trans>Done for {customer}</Trans>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
