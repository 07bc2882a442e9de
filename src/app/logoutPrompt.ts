/**
 * The question logout asks: whether to erase this person's data from the device (a shared phone)
 * or keep it for the next sign-in here, with what has not reached the server yet, or to stay
 * signed in after all. A small store the logout function waits on and the dialog (LogoutGuard, in
 * the app frame) answers.
 */
export type LogoutChoice = 'stay' | 'keep' | 'erase';

export interface LogoutQuestion {
  pending: number;
  problems: number;
  answer: (choice: LogoutChoice) => void;
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

export function askAboutLogout(pending: number, problems: number): Promise<LogoutChoice> {
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
