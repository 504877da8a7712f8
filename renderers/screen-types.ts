/** What every screen file has, and what every screen-kind component receives. */
import type { ScreenFrame } from './screen-context.tsx';

export interface ScreenDefinition {
  /** Which renderer draws the screen (see registry.ts). */
  kind: string;
  /** Translation key of the screen's title. */
  title?: string;
  [key: string]: unknown;
}

export interface ScreenProps<S extends ScreenDefinition = ScreenDefinition> {
  /** File name under schemas/screens, without .yaml. */
  name: string;
  screen: S;
  /** Parameters the screen was opened with (a dialog's params, a parent's record id…); never undefined. */
  params?: Record<string, unknown>;
  /** Where it is drawn: a page (default), a dialog or drawer, or inside another screen (a tab). */
  frame?: ScreenFrame;
  /** Closes the dialog or drawer around the screen, handing `result` to whoever opened it. */
  close?: (result?: unknown) => void;
}
