/**
 * antd modules that import a whole component for one small helper, or for a feature this app does not
 * use at first paint, get a stand-in for that one import (the built app only; see src/app/antd-shims/):
 * - Button's and Tag's styles import `isBright` from the colour picker's presets, which import Collapse;
 * - Radio.Group imports `toNamePathStr` from Form's useForm, which imports rc-form's store;
 * - every Table imports its column filter menu, and with it Tree; the stand-in loads it when shown;
 * - Pagination imports Select for its page-size changer; the stand-in loads it when first used.
 * A build whose antd no longer makes one of these imports fails, so an antd upgrade revisits the list.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

interface Shim {
  /** The antd module making the import (its path inside antd/es). */
  importer: RegExp;
  source: string;
  replacement: string;
}

const shim = (file: string) => fileURLToPath(new URL(`../src/app/antd-shims/${file}`, import.meta.url));

const SHIMS: Shim[] = [
  {
    importer: /[\\/]antd[\\/]es[\\/]button[\\/]style[\\/]token\.js$/,
    source: '../../color-picker/components/ColorPresets',
    replacement: shim('is-bright.ts'),
  },
  {
    importer: /[\\/]antd[\\/]es[\\/]tag[\\/]style[\\/]index\.js$/,
    source: '../../color-picker/components/ColorPresets',
    replacement: shim('is-bright.ts'),
  },
  {
    importer: /[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/,
    source: '../form/hooks/useForm',
    replacement: shim('to-name-path-str.ts'),
  },
  {
    importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/,
    source: './FilterDropdown',
    replacement: shim('LazyFilterDropdown.tsx'),
  },
  {
    importer: /[\\/]antd[\\/]es[\\/]pagination[\\/]Pagination\.js$/,
    source: '../select',
    replacement: shim('LazySelect.ts'),
  },
];

export function antdShims(): Plugin {
  const used = new Set<Shim>();
  return {
    name: 'antd-shims',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      used.clear();
    },
    resolveId(source, importer) {
      if (!importer) return null;
      const found = SHIMS.find((s) => s.source === source && s.importer.test(importer));
      if (!found) return null;
      used.add(found);
      return found.replacement;
    },
    buildEnd(error) {
      if (error) return;
      const unused = SHIMS.filter((s) => !used.has(s));
      if (unused.length)
        this.error(
          `antd no longer imports ${unused.map((s) => `${s.source} from ${s.importer.source}`).join(', ')}: ` +
            'check tools/vite-antd-shims.ts against this antd version',
        );
    },
  };
}
