/**
 * The authorization matrix (authorization-matrix.suite.ts) on embedded PGlite: one file per database,
 * so the two halves of the longest server test run side by side.
 */
import { describeAuthorizationMatrix } from './authorization-matrix.suite.ts';

describeAuthorizationMatrix('pglite');
