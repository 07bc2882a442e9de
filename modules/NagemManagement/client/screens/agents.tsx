/** Agents: panel members and outside resellers who sell, with their region, commission and monthly target. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { buttonClasses, EntityFormPage, EntityScreen } from '@/moduleKit.ts';
import { Agent } from '../../entities/catalogue.ts';
import { nm } from '../paths.ts';

const defaults = { active: true, kind: 'member', commissionRate: '5' };

export function AgentList() {
  const { t } = useLingui();
  return (
    <EntityScreen
      entity={Agent}
      defaults={defaults}
      description={t`An agent sees and sells only to the customers given to them; give customers on the access screen.`}
      before={
        <p className="mb-4 flex flex-wrap gap-2">
          <Link href={nm.access} className={buttonClasses('secondary', 'sm')}>
            <Trans>Agents’ customers</Trans>
          </Link>
          <Link href={nm.performance} className={buttonClasses('secondary', 'sm')}>
            <Trans>Agent performance</Trans>
          </Link>
        </p>
      }
    />
  );
}

export function AddNewAgent() {
  return <EntityFormPage entity={Agent} defaults={defaults} after={() => nm.agents} back={nm.agents} />;
}
