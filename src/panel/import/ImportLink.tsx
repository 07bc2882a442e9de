/**
 * The "Import" button of an importable entity's list (decision 042), beside its "Add": shown only
 * to people who may create its rows; it opens the import screen, which comes back to this list.
 */
import { Trans } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { permission, type Entity } from '../../contract/entity.ts';
import { paths, withQuery } from '../../contract/routes.ts';
import { useCanAccess } from '../../storage/access.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { UploadIcon } from '../../ui/icons.tsx';

export function ImportLink({ entity }: { entity: Entity }) {
  const can = useCanAccess();
  const [location] = useLocation();
  if (!entity.importable || entity.serverOnly || !can(permission(entity, 'create'))) return null;
  return (
    <Link
      href={withQuery(paths.importData, { entity: entity.key, back: location })}
      className={buttonClasses('secondary')}
      data-testid="import-button"
    >
      <UploadIcon />
      <Trans>Import</Trans>
    </Link>
  );
}
