/**
 * Categories (warehousing.md): the tree (expand, search, add under a category, edit, move by
 * changing its parent), a page to add one, the row editor, and the picker product forms send
 * people to, which returns the choice.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { permission } from '@/contract/entity.ts';
import {
  Button,
  buttonClasses,
  EmptyState,
  ImportLink,
  EntityFormPage,
  Loading,
  Ltr,
  PanelIconGlyph,
  pickerHref,
  PlusIcon,
  returnWithChoice,
  ScreenFrame,
  TreeList,
  useCanAccess,
  useList,
} from '@/moduleKit.ts';
import { Category } from '../../entities/masterData.ts';
import { wh, withQuery } from '../paths.ts';

function CategoryTree({ choose }: { choose?: (id: string) => void }) {
  const { t } = useLingui();
  const { data } = useList(Category);
  const can = useCanAccess();
  if (!data) return <Loading />;
  if (data.total === 0) {
    return (
      <EmptyState
        icon={<PanelIconGlyph icon="grid" className="size-7" />}
        titleAs="p"
        title={<Trans>No categories yet.</Trans>}
        description={<Trans>Group products into categories and sub-categories to find them faster.</Trans>}
        actions={
          can(permission(Category, 'create')) && (
            <Link href={wh.addCategory} className={buttonClasses('primary')}>
              <Trans>Add a category</Trans>
            </Link>
          )
        }
      />
    );
  }
  return (
    <TreeList
      entity={Category}
      rows={data.items}
      label={t`Categories`}
      meta={(row) => (row.code ? <Ltr>{String(row.code)}</Ltr> : null)}
      actions={(row) =>
        choose ? (
          <Button size="sm" onClick={() => choose(row.id)}>
            <Trans>Choose</Trans>
          </Button>
        ) : (
          <>
            {can(permission(Category, 'create')) && (
              <Link
                href={withQuery(wh.addCategory, { parentId: row.id })}
                className={buttonClasses('ghost', 'sm')}
                aria-label={t`Add under ${String(row.name)}`}
              >
                <PlusIcon className="size-4" />
              </Link>
            )}
            <Link href={withQuery(wh.categoryRow, { id: row.id })} className={buttonClasses('secondary', 'sm')}>
              {can(permission(Category, 'update')) ? <Trans>Edit</Trans> : <Trans>Open</Trans>}
            </Link>
          </>
        )
      }
    />
  );
}

export function CategoryList() {
  const { t } = useLingui();
  const can = useCanAccess();
  return (
    <ScreenFrame
      title={t`Categories`}
      description={<Trans>Products are grouped in a tree of categories. Move a category by changing its parent.</Trans>}
      actions={
        can(permission(Category, 'create')) && (
          <>
            <Link href={wh.addCategory} className={buttonClasses('primary')}>
              <PlusIcon />
              <Trans>Add a category</Trans>
            </Link>
            <ImportLink entity={Category} />
          </>
        )
      }
    >
      <CategoryTree />
    </ScreenFrame>
  );
}

export function AddNewCategory() {
  return <EntityFormPage entity={Category} after={() => wh.categoryList} back={wh.categoryList} />;
}

/** The tree's row editor on its own page: `?id=` edits that category. */
export function CategoryRow() {
  return <EntityFormPage entity={Category} after={() => wh.categoryList} back={wh.categoryList} />;
}

/**
 * The category picker: with `?return=` it goes back there with the choice (a product form);
 * opened on its own, choosing a category starts a new product in it.
 */
export function CategorySelectModal() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const search = useSearch();
  return (
    <ScreenFrame title={t`Choose a category`}>
      <CategoryTree choose={(id) => navigate(returnWithChoice(search, id) ?? withQuery(wh.addProduct, { categoryId: id }))} />
    </ScreenFrame>
  );
}

/** The picker's row opens the picker that holds it. */
export function CategorySelectRow() {
  const search = useSearch();
  return <Redirect to={search ? `${wh.categoryPicker}?${search}` : pickerHref(wh.categoryPicker, wh.addProduct, 'categoryId')} replace />;
}
