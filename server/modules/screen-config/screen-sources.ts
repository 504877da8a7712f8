/**
 * Where version 0 of a screen comes from: its file in schemas/screens, or — for `dt-<code>-list|form|detail`
 * — the data template `<code>` of the session's tenant, whose screens are generated from its definition
 * (data-templates/screens.ts, the spec's code generation). A generated screen exists in the tenant's scope
 * only (the platform has no templates); an override of one records the template's version it was made
 * from, so the list says when the template changed under it, as it says for a platform screen.
 */
import { authOf, type HandlerContext } from '../../http/handler.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { spaceOf } from '../people/common.ts';
import {
  generatedScreenOf,
  generateScreens,
  GENERATED_KINDS,
  screenNames,
} from '../data-templates/screens.ts';
import { findTemplate, listTemplates, type StoredTemplate } from '../data-templates/store.ts';
import { isScreenName, screenFile, screenFileNames } from './files.ts';
import type { Scope } from './rules.ts';

export interface ScreenSource {
  name: string;
  /** Version 0: the file, or the screen generated from the template. */
  content: () => Record<string, unknown>;
  /** Set for a generated screen: its template (the only scope it has is the tenant's). */
  template?: StoredTemplate;
}

const unknownScreen = (name: string) => new ApiError(Code.NOT_FOUND, 'screenConfig.unknownScreen', { name });

function generatedSource(template: StoredTemplate, name: string): ScreenSource {
  const kind = generatedScreenOf(name)!.kind;
  return { name, template, content: () => generateScreens(template)[kind] };
}

/**
 * The screen `name` as the session reaches it in `scope` (undefined: either scope), else 404
 * screenConfig.unknownScreen: a file, or a generated screen of a template of the session's tenant.
 */
export async function screenSource(ctx: HandlerContext, name: string, scope?: Scope): Promise<ScreenSource> {
  if (isScreenName(name)) return { name, content: () => screenFile(name) };
  const generated = generatedScreenOf(name);
  if (!generated || scope === 'platform' || !authOf(ctx).tenantId) throw unknownScreen(name);
  const template = await findTemplate(spaceOf(ctx), generated.code);
  if (!template) throw unknownScreen(name);
  return generatedSource(template, name);
}

/** Every screen the session's list shows: the files, then each template's generated screens. */
export async function allScreenSources(ctx: HandlerContext): Promise<ScreenSource[]> {
  const files = screenFileNames().map((name) => ({ name, content: () => screenFile(name) }));
  if (!authOf(ctx).tenantId) return files;
  const generated = (await listTemplates(spaceOf(ctx))).flatMap((template) => {
    const names = screenNames(template.code);
    return GENERATED_KINDS.map((kind) => generatedSource(template, names[kind]));
  });
  return [...files, ...generated];
}
