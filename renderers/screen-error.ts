/** Why a screen cannot be shown; each reason has a translated text under screen.error. */
export type ScreenErrorReason = 'notFound' | 'invalid' | 'unknownKind' | 'crashed';

export class ScreenError extends Error {
  constructor(
    readonly reason: ScreenErrorReason,
    readonly params: Record<string, string> = {},
  ) {
    super(`${reason}: ${JSON.stringify(params)}`);
    this.name = 'ScreenError';
  }
}
