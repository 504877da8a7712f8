/**
 * Screen kinds → the component that draws them. A new kind is one registerScreenKind call (see
 * kinds.ts); nothing else needs to know it exists.
 */
import type { ComponentType } from 'react';
import type { ScreenProps } from './screen-types.ts';

// Each kind narrows the definition it receives; the registry only knows the common part.
export type ScreenComponent = ComponentType<ScreenProps<any>>;

const kinds = new Map<string, ScreenComponent>();

export function registerScreenKind(kind: string, component: ScreenComponent): void {
  if (kinds.has(kind)) throw new Error(`Screen kind "${kind}" is registered twice`);
  kinds.set(kind, component);
}

export function screenKindComponent(kind: string): ScreenComponent | undefined {
  return kinds.get(kind);
}

export function registeredScreenKinds(): string[] {
  return [...kinds.keys()].sort();
}
