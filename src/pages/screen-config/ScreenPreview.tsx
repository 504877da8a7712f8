/**
 * The live preview: the edited definition drawn by the real screen host (renderers/ScreenRenderer.tsx)
 * with the session's own data, once typing pauses. A definition that is not a screen at all, or one that
 * throws while drawing, shows what is wrong in place of the preview; the next edit tries again.
 */
import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { identityKey } from '../../../renderers/environment/use-load.ts';
import type { ScreenDefinition } from '../../../renderers/screen-types.ts';
import { useDebounced } from './use-debounced.ts';

const ScreenRenderer = lazy(() => import('../../../renderers/ScreenRenderer.tsx'));

/** How long typing must pause before the preview follows. */
export const PREVIEW_DELAY_MS = 600;

interface BoundaryProps {
  /** A new value clears a caught error (the definition changed). */
  resetKey: unknown;
  fallback(error: unknown): ReactNode;
  children: ReactNode;
}

class PreviewBoundary extends Component<BoundaryProps, { error: unknown; key: unknown }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: unknown }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

function isScreen(value: unknown): value is ScreenDefinition {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    typeof (value as { kind?: unknown }).kind === 'string'
  );
}

export function ScreenPreview({ name, definition }: { name: string; definition: unknown }) {
  const { t } = useTranslation();
  const settled = useDebounced(definition, PREVIEW_DELAY_MS);
  // While the text does not parse (mid-edit), the last definition that did stays in view.
  const [lastParsed, setLastParsed] = useState<unknown>(undefined);
  if (settled !== undefined && settled !== lastParsed) setLastParsed(settled);
  const shown = settled ?? lastParsed;
  if (shown === undefined) return <Empty description={t('screenEditor.preview.unparsed')} />;
  if (!isScreen(shown)) return <Empty description={t('screenEditor.preview.notScreen')} />;
  return (
    <>
      {settled === undefined ? (
        <Alert type="warning" showIcon title={t('screenEditor.preview.stale')} style={{ marginBottom: 8 }} />
      ) : null}
      <PreviewBoundary
        resetKey={shown}
        fallback={(error) => (
          <Alert
            type="error"
            showIcon
            title={t('screenEditor.preview.failed')}
            description={error instanceof Error ? error.message : String(error)}
          />
        )}
      >
        <Suspense fallback={<Spin />}>
          {/* Drawn afresh for each definition: the host's own error boundary keeps an error it caught. */}
          <ScreenRenderer key={identityKey(shown)} name={name} screen={shown} />
        </Suspense>
      </PreviewBoundary>
    </>
  );
}
