/**
 * The comment form's input lengths, read from the catalogue the server validates with
 * (publicity.comment.submit): only the limits reach the public page's bundle (`?limits`,
 * tools/vite-yaml-plugin.ts).
 */
import publicOps from '../../schemas/api/public.yaml?limits';

function maxOf(field: string): number {
  const value = publicOps['publicity.comment.submit']?.[field]?.maxLength;
  if (typeof value !== 'number') throw new Error(`publicity.comment.submit.${field} has no length limit`);
  return value;
}

export const COMMENT_MAX = {
  name: maxOf('name'),
  organisation: maxOf('organisation'),
  contact: maxOf('contact'),
  text: maxOf('text'),
  captcha: maxOf('captcha'),
} as const;
