/**
 * Published screens reach open tabs without a rebuild: a publish or restore puts `screenConfig.published`
 * on the event bus (every server process hears it), and each process sends `screens` on the bell streams
 * it holds for that scope — every stream for the platform's versions, the tenant's streams for an
 * override. A tab then reads screenConfig.effective again before it opens its next screen
 * (renderers/screen-overrides.ts); the event carries only the screen's name.
 */
import type { AppEvent, EventBus } from '../../events/bus.ts';
import type { StreamRegistry } from '../../events/streams.ts';

export const SCREEN_PUBLISHED = 'screenConfig.published';
/** The event name on the bell's stream (src/bell/bell-stream.ts). */
export const SCREENS_STREAM_EVENT = 'screens';

/** Called after the change is committed; a bus that fails loses only the push (tabs still look every 30 s). */
export async function announcePublished(bus: EventBus, name: string, tenantId: string | null): Promise<void> {
  await bus
    .publish({ type: SCREEN_PUBLISHED, tenantId, name })
    .catch((err: Error) => console.warn(`events: ${SCREEN_PUBLISHED} not sent: ${err.message}`));
}

/** Sends the bus's screen events to the open streams they concern; returns the function that stops. */
export function routeScreenConfigEvents(bus: EventBus, streams: StreamRegistry): () => void {
  return bus.subscribe((e: AppEvent) => {
    if (e.type !== SCREEN_PUBLISHED || typeof e.name !== 'string') return;
    for (const s of streams.of(e.tenantId)) s.send(SCREENS_STREAM_EVENT, { name: e.name });
  });
}
