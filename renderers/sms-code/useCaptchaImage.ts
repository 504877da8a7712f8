/**
 * The image captcha asked before an SMS code is sent (and after failed sign-ins), headless: the
 * sign-in pages' dialog and the screens' smsCode widget draw it their own way. A new image each time
 * `round` changes (opened, a refused guess, 'another image'); the previous request id goes with the
 * request so the server forgets that image. Loaded with useLoad: dropped when the dialog closes.
 */
import { useRef } from 'react';
import { useLoad, type Loaded } from '../environment/use-load.ts';

export interface CaptchaImage {
  /** Data URL of the picture. */
  src: string;
  /** Sent back with the answer. */
  requestId: string;
}

/** Asks for an image (user.captcha), naming the one it replaces. */
export type FetchCaptcha = (previous: string | undefined, signal: AbortSignal) => Promise<CaptchaImage>;

/** The answer of user.captcha as a CaptchaImage (the server's shape: image, variables.requestId). */
export function captchaImageOf(answer: unknown): CaptchaImage {
  const a = answer as { image?: unknown; variables?: { requestId?: unknown } } | null;
  if (typeof a?.image !== 'string' || typeof a.variables?.requestId !== 'string')
    throw new Error('user.captcha answered without an image');
  return { src: a.image, requestId: a.variables.requestId };
}

export function useCaptchaImage(
  fetchImage: FetchCaptcha,
  round: string | number | null,
): Loaded<CaptchaImage> {
  const previous = useRef<string | undefined>(undefined);
  // The picture shown stays until the next one is in.
  return useLoad(
    round === null ? null : String(round),
    async (signal) => {
      const image = await fetchImage(previous.current, signal);
      if (!signal.aborted) previous.current = image.requestId;
      return image;
    },
    { keepPrevious: true },
  );
}
