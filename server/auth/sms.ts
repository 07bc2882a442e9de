/**
 * The edge of the world: sending a verification code by SMS. The default sender writes the code
 * to the server log (and, with DEV_TOOLS=1, to a dev outbox tests can read); the HTTP sender posts
 * it to a gateway.
 */
export type CodePurpose = 'login' | 'reset' | 'verify';

export const codePurposes: readonly CodePurpose[] = ['login', 'reset', 'verify'];

export interface SmsMessage {
  mobile: string;
  code: string;
  purpose: CodePurpose;
  lang: 'fa' | 'en';
}

/** A notification texted to a person (decision 047): its words, never a code. */
export interface SmsText {
  mobile: string;
  text: string;
}

/** The messages a dev sender kept, for `GET /api/Dev/SmsOutbox` and for tests. */
export interface SmsOutbox {
  /** The notifications texted to `mobile`, oldest first. */
  textsFor(mobile: string): readonly string[];
  /** Oldest first. */
  forMobile(mobile: string): readonly SmsMessage[];
  /** The code most recently sent to `mobile` (for `purpose`, when given). */
  latestCode(mobile: string, purpose?: CodePurpose): string | null;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
  /** Sends free text (a notification); absent on a sender that can send codes through templates only. */
  sendText?(message: SmsText): Promise<void>;
  /** Present only on the log sender with DEV_TOOLS=1. */
  readonly outbox?: SmsOutbox;
}
