/**
 * The public comment form's send runs through useMutation: the button is disabled ("submitting")
 * while the call is under way; a refusal shows the server's message (or the generic one), empties
 * the captcha answer and asks for a new image; a success shows the thanks.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommentForm } from '../../src/public/CommentForm.tsx';
import { PublicApiError } from '../../src/public/api.ts';
import { deferred } from './support/deferred.ts';

const api = vi.hoisted(() => ({
  get: vi.fn(),
  post: vi.fn(),
}));

// The captcha's call goes to api.get, the comment's to api.post (operation id, body, signal).
vi.mock('../../src/public/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/public/api.ts')>()),
  callPublic: (id: string, args: { body?: unknown; signal?: AbortSignal }) =>
    id === 'user.captcha' ? api.get(args) : api.post(id, args.body, args.signal),
}));

let images = 0;
beforeEach(() => {
  vi.clearAllMocks();
  images = 0;
  api.get.mockImplementation(async () => {
    images += 1;
    return { image: `data:image/png;base64,${images}`, variables: { requestId: `r${images}` } };
  });
});

afterEach(() => cleanup());

async function fillAndSend() {
  render(<CommentForm noticeId="n1" allowAnonymous={false} />);
  await waitFor(() => expect(images).toBe(1));
  fireEvent.change(document.querySelector('#c-name')!, { target: { value: '张三' } });
  fireEvent.change(document.querySelector('#c-contact')!, { target: { value: 'a@b.cn' } });
  fireEvent.change(document.querySelector('#c-text')!, { target: { value: '意见' } });
  fireEvent.change(document.querySelector('#c-captcha')!, { target: { value: 'AB12' } });
  const button = document.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  await waitFor(() => expect(document.querySelector('img')).toBeTruthy());
  await act(async () => fireEvent.click(button));
  return button;
}

describe('CommentForm', () => {
  it('is busy while sending; a refusal shows its message, renews the captcha and frees the form', async () => {
    const call = deferred<{ id: string }>();
    api.post.mockReturnValue(call.promise);
    const button = await fillAndSend();
    expect(api.post).toHaveBeenCalledWith(
      'publicity.comment.submit',
      { noticeId: 'n1', text: '意见', captcha: 'AB12', requestId: 'r1', name: '张三', contact: 'a@b.cn' },
      expect.any(AbortSignal),
    );
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('正在提交…');
    await act(async () => call.reject(new PublicApiError('图形验证码错误', 6020104)));
    expect(screen.getByRole('alert').textContent).toBe('图形验证码错误');
    expect(document.querySelector<HTMLInputElement>('#c-captcha')!.value).toBe('');
    await waitFor(() => expect(images).toBe(2));
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe('提交意见');
  });

  it('a failure without the server message shows the generic one', async () => {
    api.post.mockRejectedValue(new TypeError('network'));
    await fillAndSend();
    expect(screen.getByRole('alert').textContent).toBe('提交失败，请稍后重试');
  });

  it('a success shows the thanks', async () => {
    api.post.mockResolvedValue({ id: 'c1' });
    await fillAndSend();
    expect(screen.getByRole('status').textContent).toBe('您的意见已提交，感谢参与。');
  });
});
