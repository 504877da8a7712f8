/**
 * Every screen file renders with fixture data and matches its snapshotted outline: share 2 of 3 (the
 * screens split so the two test workers finish together; tests/unit/support/screen-render.tsx).
 */
import { describeScreenRenders } from './support/screen-render.tsx';

describeScreenRenders(2, 3);
