/**
 * How a screen reaches the screen host above it (ScreenRenderer.tsx provides itself here):
 * - to show another screen inside itself (a tab, a wizard step, a detail's tab) — through the host,
 *   never by importing the renderer, so the screen kinds and the host form no import loop;
 * - to hand the host a failure of its own load, so a permission refusal by the server shows the
 *   host's not-permitted state, as a permission the session lacks does before any call.
 */
import { createContext, createElement, useContext, useEffect, type ComponentType } from 'react';
import { isPermissionRefusal } from './environment/call-failure.ts';
import type { ScreenFrame } from './screen-context.tsx';
import type { ScreenDefinition } from './screen-types.ts';

export interface ScreenHostProps {
  /** File name under schemas/screens, without .yaml. */
  name: string;
  /** A definition at hand (tests, stories, a parent screen); else the file is loaded. */
  screen?: ScreenDefinition;
  params?: Record<string, unknown>;
  frame?: ScreenFrame;
  close?: (result?: unknown) => void;
}

export const ScreenHostContext = createContext<ComponentType<ScreenHostProps> | null>(null);

/** Tells the host of the screen that the server refused the screen's load for want of a permission. */
export const ScreenRefusedContext = createContext<() => void>(() => undefined);

/** A screen drawn by the host of the screen around it. */
export function NestedScreen(props: ScreenHostProps) {
  const Host = useContext(ScreenHostContext);
  if (!Host) throw new Error(`Screen "${props.name}" is nested outside any screen host`);
  // The host is one component for the whole app (provided once), the same on every render.
  return createElement(Host, props);
}

/**
 * For the load that fills a screen (not an option list or a side call): when it failed because the
 * session lacks a permission, the host shows its not-permitted state instead of the screen.
 */
export function useScreenLoadFailure(error: unknown): void {
  const refused = useContext(ScreenRefusedContext);
  const refusal = isPermissionRefusal(error);
  useEffect(() => {
    if (refusal) refused();
  }, [refusal, refused]);
}
