/**
 * The schema editor's calls answered from memory, for the stories (they never call a server): screens
 * with their versions per scope, drafts that replace each other, publishing, restoring, and a check that
 * refuses a definition whose columns or fields name no title. Follows schemas/api/screen-config.yaml.
 */
import type {
  CheckProblem,
  SavedVersion,
  ScreenConfigApi,
  ScreenRow,
  ScreenScope,
  ScreenVersion,
  VersionRow,
} from './screen-config-api.ts';

type Content = ScreenVersion['content'];

export interface MemoryScreen {
  name: string;
  /** The file, version 0. */
  file: Content;
  /** Stored versions of each scope, oldest first. */
  platform?: Omit<VersionRow, 'basePlatformVersion'>[];
  tenant?: Omit<VersionRow, 'basePlatformVersion'>[];
  contents?: Record<string, Content>;
}

const AUTHOR = '系统管理员';
const key = (scope: ScreenScope, version: number) => `${scope}:${version}`;

/** A story's check: every column and field needs a title or label. */
function storyCheck(content: unknown): CheckProblem[] {
  const problems: CheckProblem[] = [];
  for (const list of ['columns', 'fields'] as const) {
    const items = (content as Record<string, unknown> | null)?.[list];
    if (!Array.isArray(items)) continue;
    items.forEach((item: Record<string, unknown>, index) => {
      if (!item.title && !item.label)
        problems.push({ path: `/${list}/${index}`, message: `第 ${index + 1} 项没有标题（title）` });
    });
  }
  return problems;
}

export function memoryScreenConfigApi(
  screens: MemoryScreen[],
  now = () => new Date().toISOString(),
): ScreenConfigApi {
  const state = new Map(
    screens.map((screen) => [
      screen.name,
      {
        file: screen.file,
        rows: { platform: [...(screen.platform ?? [])], tenant: [...(screen.tenant ?? [])] },
        contents: new Map(Object.entries(screen.contents ?? {})),
      },
    ]),
  );
  const screenOf = (name: string) => {
    const found = state.get(name);
    if (!found) throw new Error(`no screen ${name}`);
    return found;
  };
  const published = (name: string, scope: ScreenScope) =>
    screenOf(name)
      .rows[scope].filter((row) => row.state === 'PUBLISHED')
      .at(-1);
  const contentOf = (name: string, scope: ScreenScope, version: number): Content =>
    version === 0
      ? screenOf(name).file
      : (screenOf(name).contents.get(key(scope, version)) ?? screenOf(name).file);
  const saved = (
    name: string,
    scope: ScreenScope,
    row: Omit<VersionRow, 'basePlatformVersion'>,
  ): SavedVersion => ({
    ...row,
    name,
    scope,
    basePlatformVersion: scope === 'tenant' ? (published(name, 'platform')?.version ?? 0) : null,
  });
  const versionRows = (name: string, scope: ScreenScope): VersionRow[] => [
    ...[...screenOf(name).rows[scope]].reverse().map((row) => ({ ...row, basePlatformVersion: null })),
    { version: 0, state: 'FILE', author: null, createdAt: null, note: null, basePlatformVersion: null },
  ];
  const nextVersion = (name: string, scope: ScreenScope) =>
    Math.max(0, ...screenOf(name).rows[scope].map((row) => row.version)) + 1;
  const publish = (name: string, scope: ScreenScope, version: number, content: Content): SavedVersion => {
    const problems = storyCheck(content);
    if (problems.length) throw new Error(problems.map((p) => `${p.path} ${p.message}`).join('; '));
    const rows = screenOf(name).rows[scope];
    const draft = rows.find((row) => row.version === version && row.state === 'DRAFT');
    const row = draft ?? {
      version: nextVersion(name, scope),
      state: 'PUBLISHED',
      author: AUTHOR,
      createdAt: now(),
      note: null,
    };
    row.state = 'PUBLISHED';
    if (!draft) rows.push(row);
    screenOf(name).contents.set(key(scope, row.version), content);
    return saved(name, scope, row);
  };

  return {
    list: async () =>
      [...state.keys()].map((name): ScreenRow => {
        const platform = published(name, 'platform');
        const tenant = published(name, 'tenant');
        const draft =
          (['platform', 'tenant'] as const)
            .map((scope) => ({ scope, row: screenOf(name).rows[scope].find((row) => row.state === 'DRAFT') }))
            .find((found) => found.row) ?? null;
        return {
          name,
          kind: String(
            contentOf(name, tenant ? 'tenant' : 'platform', tenant?.version ?? platform?.version ?? 0).kind,
          ),
          platformVersion: platform?.version ?? 0,
          tenantVersion: tenant?.version ?? null,
          draft: draft?.row ? { scope: draft.scope, version: draft.row.version } : null,
          platformChangedUnderOverride: !!tenant && !!platform && platform.version > 1,
        };
      }),
    versions: async (name, scope) => versionRows(name, scope),
    get: async (name, scope, version) => {
      const own = version ?? published(name, scope)?.version;
      const [shownScope, shown] =
        own !== undefined ? [scope, own] : (['platform', published(name, 'platform')?.version ?? 0] as const);
      const row = versionRows(name, shownScope).find((r) => r.version === shown)!;
      return {
        ...row,
        name,
        scope: shownScope,
        content: structuredClone(contentOf(name, shownScope, shown)),
      };
    },
    check: async (_name, content) => storyCheck(content),
    saveDraft: async (name, scope, content, note) => {
      const rows = screenOf(name).rows[scope];
      let draft = rows.find((row) => row.state === 'DRAFT');
      if (!draft) {
        draft = { version: nextVersion(name, scope), state: 'DRAFT', author: AUTHOR, createdAt: now(), note };
        rows.push(draft);
      }
      Object.assign(draft, { note, createdAt: now() });
      screenOf(name).contents.set(key(scope, draft.version), content as Content);
      return saved(name, scope, draft);
    },
    publish: async (name, scope, version) => publish(name, scope, version, contentOf(name, scope, version)),
    restore: async (name, scope, version) =>
      publish(name, scope, nextVersion(name, scope), contentOf(name, scope, version)),
  };
}
