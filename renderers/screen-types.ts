/** What every screen file has, and what every screen-kind component receives. */
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
}
