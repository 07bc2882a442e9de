/**
 * The frame of a module's screen: the browser tab's title, the page heading with its description
 * and actions, and — when the signed-in member's role lacks the permission the screen `needs` —
 * the no-access notice in place of the screen's body.
 *
 *   <ScreenFrame title={t`Cheques`} description={…} actions={…} needs={permission(Cheque, 'read')}>
 *     <Cheques />
 *   </ScreenFrame>
 *
 * The body is rendered only when allowed, so a screen's data hooks go in a child component.
 */
import type { ReactNode } from 'react';
import { useCanAccess } from '../storage/access.ts';
import { PageHeader } from '../ui/Card.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';
import { NoAccess } from './WithPanel.tsx';

export interface ScreenFrameProps {
  /** The tab's title, and the heading unless `heading` is given; `null` leaves the tab's title alone. */
  title: string | null;
  /** The heading when it is not the title (a record's name while the tab says what it is). */
  heading?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** The permission the body needs (`permission(Entity, 'read')`), or whether it is allowed. */
  needs?: string | boolean;
  children?: ReactNode;
}

export function ScreenFrame({ title, heading, description, actions, needs, children }: ScreenFrameProps) {
  const can = useCanAccess();
  useDocumentTitle(title);
  const allowed = needs === undefined || (typeof needs === 'boolean' ? needs : can(needs));
  return (
    <>
      <PageHeader title={heading ?? title} description={description} actions={actions} />
      {allowed ? children : <NoAccess />}
    </>
  );
}
