/**
 * Support requests: filtered by status, priority, supporter and overdue, soonest due first. A
 * supporter starts on their queue: the requests assigned to them and the unassigned ones.
 * `?supporter=<member>` (or `-` for unassigned) opens one supporter's requests.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { permission } from '@/contract/entity.ts';
import { formatDateTime } from '@/i18n/format.ts';
import { Button, buttonClasses, Card, Loading, ScreenFrame, SelectField, useCanAccess, useNow, useReferenceTitles } from '@/moduleKit.ts';
import { priorityOptions, Request, requestStatuses } from '../../entities/support.ts';
import { filterRequests } from '../../rules/supporters.ts';
import { isOverdue } from '../../rules/support.ts';
import { nm, withQuery } from '../paths.ts';
import { useRows } from '../useRows.ts';
import { useSignedInMember } from '../useSignedInMember.ts';

const PAGE = 50;

export function RequestList() {
  const { t } = useLingui();
  const can = useCanAccess();
  return (
    <ScreenFrame
      title={t`Support requests`}
      actions={
        can(permission(Request, 'create')) ? (
          <Link href={nm.request} className={buttonClasses('primary')}>
            <Trans>New request</Trans>
          </Link>
        ) : undefined
      }
      needs={permission(Request, 'read')}
    >
      <Requests />
    </ScreenFrame>
  );
}

function Requests() {
  const { t, i18n } = useLingui();
  const given = new URLSearchParams(useSearch()).get('supporter');
  const me = useSignedInMember();
  const rows = useRows([Request]);
  const customers = useReferenceTitles('NagemManagement/Customer');
  const members = useReferenceTitles('PanelManagement/Member');
  const [status, setStatus] = useState('active');
  const [priority, setPriority] = useState('');
  const [supporter, setSupporter] = useState<string>(given ?? 'queue');
  const [overdue, setOverdue] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const now = useNow();
  const listed = useMemo(() => {
    if (!rows) return null;
    const who = supporter === 'queue' ? { queueOf: me } : supporter === 'all' ? {} : { supporter: supporter === '-' ? '' : supporter };
    return filterRequests(rows[0]!, { status, priority, overdue, ...who }, now);
  }, [rows, status, priority, supporter, overdue, me, now]);
  const word = (options: readonly { value: string; label: { id: string; message: string } }[], v: unknown) => {
    const found = options.find((o) => o.value === v);
    return found ? i18n._(found.label) : '';
  };
  const supporterOptions = [
    { value: 'queue', label: t`My queue (mine and unassigned)` },
    { value: 'all', label: t`Everyone’s` },
    { value: '-', label: t`Unassigned` },
    ...[...(members ?? new Map<string, string>())].map(([value, label]) => ({ value, label })),
  ];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          className="min-w-40"
          label={t`Status`}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          options={[
            { value: 'active', label: t`Not yet resolved` },
            { value: '', label: t`Any` },
            ...requestStatuses.map((o) => ({ value: o.value, label: i18n._(o.label) })),
          ]}
        />
        <SelectField
          className="min-w-36"
          label={t`Priority`}
          value={priority}
          onChange={(e) => setPriority(e.target.value)}
          options={[{ value: '', label: t`Any` }, ...priorityOptions.map((o) => ({ value: o.value, label: i18n._(o.label) }))]}
        />
        <SelectField
          className="min-w-52"
          label={t`Supporter`}
          value={supporter}
          onChange={(e) => setSupporter(e.target.value)}
          options={supporterOptions}
        />
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input
            type="checkbox"
            className="size-5 rounded border-slate-300 accent-brand-700"
            checked={overdue}
            onChange={(e) => setOverdue(e.target.checked)}
          />
          <Trans>Overdue only</Trans>
        </label>
      </div>
      <p className="text-sm text-slate-600" role="status">
        <Plural value={listed?.length ?? 0} one="# request" other="# requests" />
      </p>
      {!listed ? (
        <Loading />
      ) : (
        <Card className="p-0">
          <ul className="divide-y divide-slate-100">
            {listed.slice(0, limit).map((r) => {
              const late = isOverdue(r, now);
              return (
                <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm">
                  <Link
                    href={withQuery(nm.request, { id: r.id })}
                    className="min-w-0 flex-1 basis-56 font-semibold text-brand-800 hover:underline"
                  >
                    {String(r.subject ?? '')}
                  </Link>
                  <span className="text-slate-700">{customers?.get(String(r.customerId)) ?? '…'}</span>
                  <span
                    className={`rounded px-1.5 text-xs ${r.priority === 'urgent' || r.priority === 'high' ? 'bg-red-50 text-red-800' : 'bg-slate-100 text-slate-700'}`}
                  >
                    {word(priorityOptions, r.priority)}
                  </span>
                  <span className="text-slate-700">{word(requestStatuses, r.status)}</span>
                  <span className="text-slate-600">
                    {typeof r.supporterId === 'string' ? (members?.get(r.supporterId) ?? '…') : t`Unassigned`}
                  </span>
                  <span className={late ? 'font-semibold text-amber-800' : 'text-slate-600'}>
                    {typeof r.dueAt === 'string' ? (
                      late ? (
                        <Trans>Overdue since {formatDateTime(r.dueAt)}</Trans>
                      ) : (
                        <Trans>Due {formatDateTime(r.dueAt)}</Trans>
                      )
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
          {listed.length > limit && (
            <div className="p-3">
              <Button variant="ghost" size="sm" onClick={() => setLimit(limit + PAGE)}>
                <Trans>Show more</Trans>
              </Button>
            </div>
          )}
        </Card>
      )}
    </div>
  );
}
