/**
 * Generated bad input (bad-input-generated.suite.ts) on embedded PGlite: one file per database, so
 * the two halves run side by side.
 */
import { describeGeneratedBadInput } from './bad-input-generated.suite.ts';

describeGeneratedBadInput('pglite');
