/**
 * The chart of accounts (market-accounting.md): a tree of groups and the accounts that take
 * postings, each with its code; add under an account, edit, move by changing its parent. A new
 * panel gets the standard chart from the server on first use.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { permission } from '@/contract/entity.ts';
import {
  buttonClasses,
  EmptyState,
  EntityFormPage,
  ImportLink,
  Loading,
  Ltr,
  PanelIconGlyph,
  PlusIcon,
  ScreenFrame,
  TreeList,
  useCanAccess,
} from '@/moduleKit.ts';
import { Account } from '../../entities/books.ts';
import { acc, withQuery } from '../paths.ts';
import { useBooks } from '../useBooks.ts';

export function AccountList() {
  const { t } = useLingui();
  const can = useCanAccess();
  const books = useBooks();
  const add = can(permission(Account, 'create'));
  let body;
  if (!books) body = <Loading />;
  else if (books.accounts.length === 0) {
    body = (
      <EmptyState
        icon={<PanelIconGlyph icon="wallet" className="size-7" />}
        titleAs="p"
        title={<Trans>The standard chart of accounts is on its way.</Trans>}
        description={<Trans>It is written by the server the first time accounting is used, and arrives with the next sync.</Trans>}
      />
    );
  } else {
    body = (
      <TreeList
        entity={Account}
        rows={books.accounts}
        label={t`Chart of accounts`}
        meta={(row) => <Ltr>{String(row.code ?? '')}</Ltr>}
        actions={(row) => (
          <>
            {add && (
              <Link
                href={withQuery(acc.accountRow, { parentId: row.id, kind: String(row.kind) })}
                className={buttonClasses('ghost', 'sm')}
                aria-label={t`Add under ${String(row.name)}`}
              >
                <PlusIcon className="size-4" />
              </Link>
            )}
            <Link href={withQuery(acc.accountRow, { id: row.id })} className={buttonClasses('secondary', 'sm')}>
              {can(permission(Account, 'update')) ? <Trans>Edit</Trans> : <Trans>Open</Trans>}
            </Link>
          </>
        )}
      />
    );
  }
  return (
    <ScreenFrame
      title={t`Chart of accounts`}
      description={<Trans>Groups and the accounts under them. Vouchers post only to accounts that take postings.</Trans>}
      actions={
        add && (
          <>
            <Link href={acc.accountRow} className={buttonClasses('primary')}>
              <PlusIcon />
              <Trans>Add an account</Trans>
            </Link>
            <ImportLink entity={Account} />
          </>
        )
      }
    >
      {body}
    </ScreenFrame>
  );
}

/** Adds an account (`?parentId=` under one) or, with `?id=`, edits one. */
export function AccountRow() {
  return <EntityFormPage entity={Account} defaults={{ postable: true }} after={() => acc.accounts} back={acc.accounts} />;
}
