/** Re-exports of the shared upload rules under the names the file widget tests use. */
export { nameProblem, previewKindOf, splitFileName as planName } from '../../schemas/file-rules.ts';
