/**
 * Generated bad input (bad-input-generated.suite.ts) on the local PostgreSQL server: one file per database, so
 * the two halves run side by side.
 */
import { describeGeneratedBadInput } from './bad-input-generated.suite.ts';

describeGeneratedBadInput('postgres');
