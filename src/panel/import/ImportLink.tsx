/**
 * The "Import" button of an importable entity's list (decision 042), beside its "Add": shown only
 * to people who may create its rows; it opens the import screen, which comes back to this list.
 * Given a module's document import instead (warehousing's opening stock), it is shown to people
 * who may create that document and hold the import's grants, and says what it imports.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import type { DocumentImport } from '../../contract/documentImport.ts';
import { permission, type Entity } from '../../contract/entity.ts';
import { paths, withQuery } from '../../contract/routes.ts';
import { inSentence } from '../../i18n/format.ts';
import { useCanAccess } from '../../storage/access.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { UploadIcon } from '../../ui/icons.tsx';

export function ImportLink(props: { entity: Entity } | { documentImport: DocumentImport }) {
  const { i18n } = useLingui();
  const can = useCanAccess();
  const [location] = useLocation();
  let key: string;
  let words: string | null = null;
  if ('documentImport' in props) {
    const spec = props.documentImport;
    const allowed = can(permission(spec.document, 'create')) && (spec.grants ?? []).every((grant) => can(permission(spec.document, grant)));
    if (!allowed) return null;
    key = spec.key;
    words = inSentence(i18n._(spec.label));
  } else {
    const { entity } = props;
    if (!entity.importable || entity.serverOnly || !can(permission(entity, 'create'))) return null;
    key = entity.key;
  }
  return (
    <Link
      href={withQuery(paths.importData, { entity: key, back: location })}
      className={buttonClasses('secondary')}
      data-testid="import-button"
    >
      <UploadIcon />
      {words ? <Trans>Import {words}</Trans> : <Trans>Import</Trans>}
    </Link>
  );
}
