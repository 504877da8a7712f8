/**
 * How a screen shows another screen inside itself (a tab, a wizard step, a detail's tab): through the
 * screen host above it (ScreenRenderer.tsx provides itself here), never by importing the renderer, so
 * the screen kinds and the host form no import loop.
 */
import { createContext, createElement, useContext, type ComponentType } from 'react';
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

/** A screen drawn by the host of the screen around it. */
export function NestedScreen(props: ScreenHostProps) {
  const Host = useContext(ScreenHostContext);
  if (!Host) throw new Error(`Screen "${props.name}" is nested outside any screen host`);
  // The host is one component for the whole app (provided once), the same on every render.
  return createElement(Host, props);
}
