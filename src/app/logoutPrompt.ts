/**
 * The question logout asks when changes have not reached the server: a small store the logout
 * function waits on and the dialog (LogoutGuard, in the app frame) answers.
 */
export interface LogoutQuestion {
  pending: number;
  problems: number;
  answer: (choice: 'stay' | 'discard') => void;
}

let question: LogoutQuestion | null = null;
const listeners = new Set<() => void>();

function set(next: LogoutQuestion | null): void {
  question = next;
  for (const listener of listeners) listener();
}

export function subscribeLogoutQuestion(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentLogoutQuestion(): LogoutQuestion | null {
  return question;
}

/** Whether a dialog is there to ask (the app frame is mounted). */
export function canAskAboutLogout(): boolean {
  return listeners.size > 0;
}

export function askAboutUnsyncedChanges(pending: number, problems: number): Promise<'stay' | 'discard'> {
  return new Promise((resolve) => {
    set({
      pending,
      problems,
      answer: (choice) => {
        set(null);
        resolve(choice);
      },
    });
  });
}
