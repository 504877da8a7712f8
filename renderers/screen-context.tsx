/**
 * What a screen knows about where it is drawn: its params (dialog params, route query), how to close
 * the dialog or drawer around it, and whether it sits in a page, a dialog or inside another screen.
 */
import { createContext, useContext } from 'react';

export type ScreenFrame = 'page' | 'dialog' | 'embedded';

export interface ScreenContextValue {
  name: string;
  params: Record<string, unknown>;
  frame: ScreenFrame;
  /** Closes the dialog or drawer (with a result for its opener); absent on a page. */
  close?: (result?: unknown) => void;
}

const NO_PARAMS: Record<string, unknown> = {};

export const ScreenContext = createContext<ScreenContextValue>({
  name: '',
  params: NO_PARAMS,
  frame: 'page',
});

export function useScreenContext(): ScreenContextValue {
  return useContext(ScreenContext);
}
