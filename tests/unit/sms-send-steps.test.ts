/**
 * The one "get code" flow (renderers/sms-code/useSmsSend.ts) shared by the sign-in pages and the
 * smsCode widget: what each answer of the server does to the captcha dialog and the countdown.
 */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { outcomeOfFailure, useSmsSend, type SmsSendOutcome } from '../../renderers/sms-code/useSmsSend.ts';

function setup(outcome: SmsSendOutcome | Error) {
  const start = vi.fn();
  const send = vi.fn(async () => {
    if (outcome instanceof Error) throw outcome;
    return outcome;
  });
  const hook = renderHook(() => useSmsSend({ countdown: { seconds: 0, start }, send, resendSeconds: 60 }));
  act(() => hook.result.current.ask());
  return { hook, start, send };
}

const answer = { captcha: 'AB12', requestId: 'r1' };

describe('SMS code send steps', () => {
  it('sent: closes the captcha and starts the resend countdown', async () => {
    const { hook, start, send } = setup({ kind: 'sent' });
    expect(hook.result.current.asking).toBe(true);
    await act(() => hook.result.current.submit(answer));
    expect(send).toHaveBeenCalledWith(answer, expect.any(AbortSignal));
    expect(hook.result.current.asking).toBe(false);
    expect(start).toHaveBeenCalledWith(60);
  });

  it('captcha wrong: stays open with a new image and the reason, no countdown', async () => {
    const { hook, start } = setup({ kind: 'captchaWrong', text: '图形验证码错误' });
    const before = hook.result.current.generation;
    await act(() => hook.result.current.submit(answer));
    expect(hook.result.current.asking).toBe(true);
    expect(hook.result.current.generation).toBe(before + 1);
    expect(hook.result.current.captchaError).toBe('图形验证码错误');
    expect(start).not.toHaveBeenCalled();
  });

  it('refused with "wait N s": closes and counts the seconds the server gave', async () => {
    const { hook, start } = setup({ kind: 'refused', text: '请稍后再试', retryAfter: 42 });
    await act(() => hook.result.current.submit(answer));
    expect(hook.result.current.asking).toBe(false);
    expect(start).toHaveBeenCalledWith(42);
  });

  it('reads an API client failure: a wrong captcha by its state, a wait from the envelope cause', () => {
    expect(outcomeOfFailure({ state: 6020104, text: '图形验证码错误' }, 'x')).toEqual({
      kind: 'captchaWrong',
      text: '图形验证码错误',
    });
    expect(
      outcomeOfFailure({ state: 6020401, text: '发送太频繁', envelope: { cause: { retryAfter: 9.2 } } }, 'x'),
    ).toEqual({ kind: 'refused', text: '发送太频繁', retryAfter: 10 });
    expect(outcomeOfFailure(new Error('network'), '发送失败')).toEqual({
      kind: 'refused',
      text: '发送失败',
      retryAfter: undefined,
    });
  });

  it('is busy while sending; unmounting aborts the send and drops its answer', async () => {
    const start = vi.fn();
    let given: AbortSignal | undefined;
    let answerSend: ((outcome: SmsSendOutcome) => void) | undefined;
    const send = vi.fn(
      (_answer: unknown, signal: AbortSignal) =>
        new Promise<SmsSendOutcome>((resolve) => {
          given = signal;
          answerSend = resolve;
        }),
    );
    const hook = renderHook(() => useSmsSend({ countdown: { seconds: 0, start }, send, resendSeconds: 60 }));
    act(() => hook.result.current.ask());
    let submitted: Promise<SmsSendOutcome | undefined> | undefined;
    act(() => {
      submitted = hook.result.current.submit(answer);
    });
    expect(hook.result.current.busy).toBe(true);
    hook.unmount();
    expect(given?.aborted).toBe(true);
    answerSend!({ kind: 'sent' });
    await expect(submitted).resolves.toBeUndefined();
    expect(start).not.toHaveBeenCalled();
  });

  it('a send that throws counts as refused: the dialog closes, nothing is counted', async () => {
    const { hook, start } = setup(new Error('offline'));
    await act(() => hook.result.current.submit(answer));
    expect(hook.result.current.asking).toBe(false);
    expect(start).not.toHaveBeenCalled();
  });
});
