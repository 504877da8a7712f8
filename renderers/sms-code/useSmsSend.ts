/**
 * The "get code" steps, once for every SMS code field (the sign-in pages' SmsCodeButton and the screens'
 * smsCode widget): ask the image captcha, send, then
 *  - sent: close the captcha and start the resend countdown (60 s, spec §8);
 *  - captcha wrong (6020104): the image allowed one guess — keep the captcha open with a new image and
 *    the server's reason;
 *  - refused otherwise: close it; a "wait N s" answer (cause.retryAfter) counts those seconds down.
 * Headless: each caller draws its own button, dialog and notices, and turns its transport's answer
 * into an outcome (`outcomeOfFailure` reads an API client failure). The send runs through useMutation:
 * its signal is aborted on unmount, and an answer that comes after (or after another send) is
 * dropped — `submit` then resolves undefined and nothing changes.
 */
import { useState } from 'react';
import { useMutation } from '../environment/use-mutation.ts';
import { RESEND_SECONDS } from './countdowns.ts';

export interface CaptchaAnswer {
  captcha: string;
  requestId: string;
}

export type SmsSendOutcome =
  | { kind: 'sent' }
  | { kind: 'captchaWrong'; text: string }
  | { kind: 'refused'; text?: string; retryAfter?: number };

/** The envelope state of a wrong image captcha. */
export const CAPTCHA_WRONG = 6020104;

/** The server's "wait N s" answer carries the seconds left in its cause. */
export function retryAfterOf(cause: unknown): number | undefined {
  const seconds =
    cause && typeof cause === 'object' ? Number((cause as { retryAfter?: unknown }).retryAfter) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/** An API client failure (state, text, envelope) as an outcome. */
export function outcomeOfFailure(error: unknown, fallbackText: string): SmsSendOutcome {
  const e = (error ?? {}) as { state?: number; text?: string; envelope?: { cause?: unknown } };
  if (e.state === CAPTCHA_WRONG) return { kind: 'captchaWrong', text: e.text ?? fallbackText };
  return { kind: 'refused', text: e.text ?? fallbackText, retryAfter: retryAfterOf(e.envelope?.cause) };
}

export interface SmsSendOptions {
  countdown: { seconds: number; start(seconds?: number): void };
  /** Sends the code; `signal` is aborted when the field unmounts. */
  send(answer: CaptchaAnswer, signal: AbortSignal): Promise<SmsSendOutcome>;
  resendSeconds?: number;
}

export function useSmsSend({ countdown, send, resendSeconds = RESEND_SECONDS }: SmsSendOptions) {
  const [asking, setAsking] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [captchaError, setCaptchaError] = useState<string | null>(null);

  const sending = useMutation((signal, answer: CaptchaAnswer) => send(answer, signal));

  async function submit(answer: CaptchaAnswer): Promise<SmsSendOutcome | undefined> {
    const done = await sending.run(answer);
    if (!done) return undefined;
    const outcome = done.ok ? done.data : outcomeOfFailure(done.error, '');
    if (outcome.kind === 'captchaWrong') {
      setCaptchaError(outcome.text || null);
      setGeneration((n) => n + 1);
      return outcome;
    }
    setAsking(false);
    if (outcome.kind === 'sent') countdown.start(resendSeconds);
    else if (outcome.retryAfter) countdown.start(outcome.retryAfter);
    return outcome;
  }

  return {
    /** Seconds before another send (0: the button is free). */
    seconds: countdown.seconds,
    asking,
    busy: sending.running,
    /** Bumped after a wrong captcha: the used image is gone, show a new one. */
    generation,
    captchaError,
    ask() {
      setCaptchaError(null);
      setAsking(true);
    },
    cancel() {
      setAsking(false);
    },
    submit,
  };
}
