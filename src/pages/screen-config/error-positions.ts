/**
 * Where in the editor's text a problem lies: a JSON pointer (the meta-schema lint's and
 * screenConfig.check's `path`) becomes a range of the YAML or JSON text. JSON is YAML too, so one walk
 * over the yaml package's document (whose nodes keep their source ranges) serves both modes. A path
 * that leads past what the text holds (a missing field) points at the deepest part that exists.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type Pair } from 'yaml';

export interface TextRange {
  from: number;
  to: number;
  /** 1-based line of `from`. */
  line: number;
}

/** The pointer's segments: `/columns/0/title`, also `columns.0.title` and `columns[0].title`. */
export function pointerSegments(path: string): string[] {
  const trimmed = path.trim().replace(/^#/, '');
  if (trimmed === '' || trimmed === '/') return [];
  if (trimmed.startsWith('/'))
    return trimmed
      .slice(1)
      .split('/')
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  return trimmed
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((s) => s !== '');
}

type Ranged = { range?: [number, number, number] | null };

function rangeOf(node: Ranged | null | undefined): [number, number] | null {
  const range = node?.range;
  return range ? [range[0], range[1]] : null;
}

function pairNamed(map: { items: Pair[] }, key: string): Pair | undefined {
  return map.items.find((pair) => isScalar(pair.key) && String(pair.key.value) === key);
}

/**
 * The source range the segments lead to: a field's value, or its key when the value is empty (or
 * `atKey`: an unknown field is the key's fault); the deepest node found when the path goes further.
 */
function walk(root: Node | null, segments: string[], atKey: boolean): [number, number] | null {
  let node: unknown = root;
  let found = rangeOf(root as Ranged);
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    const last = i === segments.length - 1;
    if (isMap(node)) {
      const pair = pairNamed(node, segment);
      if (!pair) return found;
      const keyRange = rangeOf(pair.key as Ranged);
      const valueRange = rangeOf(pair.value as Ranged);
      if (last && atKey && keyRange) return keyRange;
      found = valueRange ?? keyRange ?? found;
      node = pair.value;
    } else if (isSeq(node)) {
      const item = /^\d+$/.test(segment) ? node.items[Number(segment)] : undefined;
      if (item === undefined) return found;
      found = rangeOf(item as Ranged) ?? found;
      node = item;
    } else return found;
  }
  return found;
}

/** A collection's range reaches over many lines: a problem with it is marked on its first line. */
function firstLine(text: string, [from, to]: [number, number]): [number, number] {
  const end = text.indexOf('\n', from);
  return [from, end === -1 || end > to ? to : end];
}

/** Locates problems in one text: it is parsed once, however many paths are asked for. */
export function pointerLocator(text: string): (path: string, atKey?: boolean) => TextRange {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false });
  const root = doc.contents as Node | null;
  const firstBreak = text.indexOf('\n');
  const whole: [number, number] = [0, firstBreak === -1 ? text.length : firstBreak];
  return (path, atKey = false) => {
    const [from, to] = firstLine(text, walk(root, pointerSegments(path), atKey) ?? whole);
    return { from, to: Math.max(from, to), line: lines.linePos(from).line };
  };
}

/**
 * The range of `text` a problem at `path` belongs to (the first line when the text does not parse or the
 * path leads nowhere). `atKey`: mark the field's name rather than its value.
 */
export function locatePointer(text: string, path: string, atKey = false): TextRange {
  return pointerLocator(text)(path, atKey);
}
