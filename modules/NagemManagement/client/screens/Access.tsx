/**
 * Agents/Access: which customers each agent has. An agent sees and sells only to their own
 * customers (the row scope, enforced by the server); here someone who sees every customer gives
 * them out, one at a time or all the customers of a province (region) at once.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useDeferredValue, useMemo, useState } from 'react';
import { permission } from '@/contract/entity.ts';
import { describeError } from '@/i18n/describeError.ts';
import { formatNumber } from '@/i18n/format.ts';
import {
  Button,
  ConfirmDialog,
  Loading,
  type LocalRow,
  ScreenFrame,
  SectionCard,
  SelectField,
  showToast,
  TextField,
  useCanAccess,
  usePanelData,
} from '@/moduleKit.ts';
import { Agent } from '../../entities/catalogue.ts';
import { Customer } from '../../entities/customers.ts';
import { useRows } from '../useRows.ts';

const SHOWN = 100;
const NOBODY = '-';

export function Access() {
  const { t } = useLingui();
  const can = useCanAccess();
  const allowed = can(permission(Customer, 'readAll')) && can(permission(Customer, 'update'));
  return (
    <ScreenFrame
      title={t`Agents’ customers`}
      description={
        <Trans>An agent sees and sells only to the customers given to them here; the server keeps everyone else’s from them.</Trans>
      }
      needs={allowed}
    >
      <Assignments />
    </ScreenFrame>
  );
}

function Assignments() {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const rows = useRows([Customer, Agent]);
  const [region, setRegion] = useState('');
  const [regionAgent, setRegionAgent] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState('');
  const deferred = useDeferredValue(search);
  const data = useMemo(() => {
    if (!rows) return null;
    const [customers, agents] = rows as [LocalRow[], LocalRow[]];
    const sellers = agents.filter((a) => typeof a.memberId === 'string');
    const provinces = [...new Set(customers.map((c) => String(c.province ?? '')).filter(Boolean))].sort((a, b) => a.localeCompare(b, 'fa'));
    const count = new Map<string, number>();
    for (const c of customers) count.set(String(c.agentMemberId ?? NOBODY), (count.get(String(c.agentMemberId ?? NOBODY)) ?? 0) + 1);
    return { customers, sellers, provinces, count };
  }, [rows]);
  if (!data) return <Loading />;
  const agentOptions = [
    { value: NOBODY, label: t`No one` },
    ...data.sellers.map((a) => ({ value: String(a.memberId), label: String(a.name) })),
  ];
  const words = deferred.trim().toLowerCase();
  const listed = data.customers.filter(
    (c) =>
      (!words ||
        String(c._search ?? c.name ?? '')
          .toLowerCase()
          .includes(words)) &&
      (!filter || String(c.agentMemberId ?? NOBODY) === filter),
  );
  const inRegion = data.customers.filter((c) => c.province === region);
  const agentName = agentOptions.find((o) => o.value === regionAgent)?.label ?? '';

  async function give(customers: readonly LocalRow[], memberId: string) {
    if (!panel) return;
    setBusy(true);
    try {
      for (const c of customers) await panel.data.update(Customer, c.id, { agentMemberId: memberId === NOBODY ? null : memberId });
      showToast({ message: t`Saved. The change will be sent to the server.`, type: 'success' });
    } catch (error) {
      showToast(describeError(i18n, error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <SectionCard title={<Trans>Agents</Trans>}>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {data.sellers.map((a) => {
            const n = data.count.get(String(a.memberId)) ?? 0;
            const region = String(a.region ?? '');
            return (
              <li key={a.id} className="rounded-xl bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
                <p className="font-semibold">{String(a.name)}</p>
                <p className="text-slate-600">
                  {region ? (
                    <Plural value={n} one={`${region} · # customer`} other={`${region} · # customers`} />
                  ) : (
                    <Plural value={n} one="# customer" other="# customers" />
                  )}
                </p>
              </li>
            );
          })}
        </ul>
        {!data.sellers.length && (
          <p className="text-sm text-slate-600">
            <Trans>No agent has a panel account yet. Link an agent to a member on the agents screen.</Trans>
          </p>
        )}
      </SectionCard>
      <SectionCard title={<Trans>A whole region at once</Trans>}>
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            className="min-w-48"
            label={t`Province (region)`}
            value={region}
            onChange={(e) => setRegion(e.target.value)}
            options={[{ value: '', label: t`Choose…` }, ...data.provinces.map((p) => ({ value: p, label: p }))]}
          />
          <SelectField
            className="min-w-48"
            label={t`Give to`}
            value={regionAgent}
            onChange={(e) => setRegionAgent(e.target.value)}
            options={[{ value: '', label: t`Choose…` }, ...agentOptions]}
          />
          <Button disabled={!region || !regionAgent || !inRegion.length} loading={busy} onClick={() => setConfirming(true)}>
            <Plural value={inRegion.length} one="Give # customer" other="Give # customers" />
          </Button>
        </div>
      </SectionCard>
      <SectionCard title={<Trans>One customer at a time</Trans>}>
        <div className="mb-3 flex flex-wrap items-end gap-3">
          <TextField
            className="min-w-0 flex-1 basis-48"
            type="search"
            label={t`Search`}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <SelectField
            className="min-w-48"
            label={t`Agent`}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            options={[{ value: '', label: t`Everyone` }, ...agentOptions]}
          />
        </div>
        <ul className="divide-y divide-slate-100">
          {listed.slice(0, SHOWN).map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="font-medium">{String(c.name)}</span>
                {c.province ? <span className="ms-2 text-sm text-slate-600">{String(c.province)}</span> : null}
              </span>
              <SelectField
                className="w-56"
                label={t`Agent of ${String(c.name)}`}
                value={String(c.agentMemberId ?? NOBODY)}
                onChange={(e) => void give([c], e.target.value)}
                options={agentOptions}
              />
            </li>
          ))}
        </ul>
        {listed.length > SHOWN && (
          <p className="mt-2 text-sm text-slate-600">
            <Trans>Showing the first {formatNumber(SHOWN)}; search to find the others.</Trans>
          </p>
        )}
      </SectionCard>
      <ConfirmDialog
        open={confirming}
        title={t`Give the region’s customers`}
        confirmLabel={t`Give them`}
        cancelLabel={t`Cancel`}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          await give(inRegion, regionAgent);
          setConfirming(false);
        }}
      >
        <p>
          <Plural
            value={inRegion.length}
            one={`The one customer of ${region} will belong to ${agentName}. Other agents will no longer see them.`}
            other={`All # customers of ${region} will belong to ${agentName}. Other agents will no longer see them.`}
          />
        </p>
      </ConfirmDialog>
    </div>
  );
}
