/**
 * A screen's outline for snapshots a reviewer can read: what the rendered DOM shows (title, search
 * fields, form fields with their control and required mark, table columns, description labels, tabs,
 * steps, buttons) and what the definition wires behind it (each action's operation or screen and
 * permission, marked `shown` when the rendered screen has a button with its label). Row data, ids,
 * classes and styles stay out: a snapshot changes when the screen's structure does, not when antd's
 * markup or the fixtures do.
 */
import type { i18n as I18n } from 'i18next';

/** antd spaces two-character button texts ("新 增"); the label is what counts. */
const text = (el: Element | null | undefined): string =>
  (el?.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(?<=\p{Script=Han}) (?=\p{Script=Han})/gu, '');

const texts = (root: ParentNode, selector: string): string[] =>
  [...root.querySelectorAll(selector)].map(text).filter(Boolean);

/** The kind of control a form item holds, as a user would name it. */
function controlOf(item: Element): string {
  const control = item.querySelector('.ant-form-item-control') ?? item;
  const checks: [string, string][] = [
    ['.ant-select-tree, .ant-tree-select', 'tree-select'],
    // A list's select before it is first used is its light stand-in (renderers/list/LazySelect.tsx).
    ['.ant-select, .mf-lazy-select', 'select'],
    ['.ant-picker', 'date'],
    ['.ant-switch', 'switch'],
    ['.ant-radio-group', 'radio'],
    ['.ant-checkbox-group', 'checkboxes'],
    ['.ant-checkbox', 'checkbox'],
    ['.ant-input-number', 'number'],
    ['.ant-upload', 'upload'],
    ['textarea', 'textarea'],
    ['table', 'table'],
    ['input[type="password"]', 'password'],
    ['input', 'text'],
  ];
  for (const [selector, name] of checks) if (control.querySelector(selector)) return name;
  const widget = control.querySelector('[data-testid]');
  return widget ? `widget ${widget.getAttribute('data-testid')}` : 'none';
}

/** "label: control", with " *" when the item is marked required. */
function fieldsIn(root: ParentNode): string[] {
  // A form's items are antd's Form.Item; a list's search form is a plain form of its own.
  const items = '.ant-form-item, .mf-list-search-item';
  return [...root.querySelectorAll(items)].flatMap((item) => {
    const label = item.querySelector('.ant-form-item-label label, label.mf-list-search-label');
    // Items of a nested form are listed by that form's own items.
    if (!label || label.closest(items) !== item) return [];
    const required = label.classList.contains('ant-form-item-required') ? ' *' : '';
    return [`${text(label)}: ${controlOf(item)}${required}`];
  });
}

/** Texts of the buttons a user sees, "(disabled)" marked; row actions are read from the first row. */
function buttonsIn(root: ParentNode): { buttons: string[]; rowButtons: string[] } {
  // Switches are buttons too (their 是/否 is the control's state, listed with the fields).
  const skip =
    '.ant-pagination, .ant-table-tbody, .ant-picker, .ant-select, .ant-tabs-nav, .ant-steps, [role="switch"]';
  const label = (b: Element) => `${text(b)}${b.hasAttribute('disabled') ? ' (disabled)' : ''}`;
  const buttons = [...root.querySelectorAll('button')].filter((b) => !b.closest(skip) && text(b));
  const firstRow = root.querySelector('.ant-table-tbody tr.ant-table-row');
  const rowButtons = firstRow ? [...firstRow.querySelectorAll('button')].filter((b) => text(b)) : [];
  return { buttons: [...new Set(buttons.map(label))], rowButtons: [...new Set(rowButtons.map(label))] };
}

export interface RenderedOutline {
  /** The title the screen shows (a page's heading). */
  heading?: string;
  search?: string[];
  fields?: string[];
  columns?: string[][];
  details?: string[];
  tabs?: string[];
  steps?: string[];
  buttons?: string[];
  rowButtons?: string[];
}

/** What the rendered screen shows; empty parts are left out. */
export function renderedOutline(container: HTMLElement): RenderedOutline {
  const search = container.querySelector('[role="search"]');
  const outside = container.cloneNode(true) as HTMLElement;
  outside.querySelector('[role="search"]')?.remove();
  const columns = [...container.querySelectorAll('.ant-table-thead')].map((head) =>
    [...head.querySelectorAll('th')].map((th) =>
      th.classList.contains('ant-table-selection-column') ? '[select]' : text(th),
    ),
  );
  const { buttons, rowButtons } = buttonsIn(container);
  const outline: RenderedOutline = {
    heading: text(container.querySelector('h2, .ant-card-head-title')) || undefined,
    search: search ? fieldsIn(search) : [],
    fields: fieldsIn(outside),
    columns,
    details: texts(container, '.ant-descriptions-item-label'),
    tabs: [...container.querySelectorAll('.ant-tabs-tab')].map(
      (tab) => `${text(tab)}${tab.classList.contains('ant-tabs-tab-active') ? ' (active)' : ''}`,
    ),
    steps: [...container.querySelectorAll('.ant-steps-item')].map(
      (step) =>
        `${text(step.querySelector('.ant-steps-item-title'))}${step.classList.contains('ant-steps-item-active') ? ' (active)' : ''}`,
    ),
    buttons,
    rowButtons,
  };
  return Object.fromEntries(
    Object.entries(outline).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)),
  ) as RenderedOutline;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Every action and server call the definition wires, one line each:
 * "toolbar/1 api 删除 → employee.remove [employee:remove] shown". `shown` says a rendered button
 * carries the label (hidden ones — by `visible`, a permission, a right-click menu — are not).
 */
export function wiredActions(definition: unknown, i18n: I18n, shownButtons: string[]): string[] {
  const shown = new Set(shownButtons.map((b) => b.replace(/ \(disabled\)$/, '')));
  const lines: string[] = [];
  const walk = (node: Json, path: string[]) => {
    if (Array.isArray(node)) node.forEach((n, i) => walk(n, [...path, String(i)]));
    else if (node && typeof node === 'object') {
      const o = node as Record<string, Json>;
      const target = [o.operation, o.updateOperation, o.screen].filter((v) => typeof v === 'string');
      // Action types are lower case (dialog, api, session.switchUser); search fields' are not (STRING).
      const isAction = typeof o.type === 'string' && /^[a-z]/.test(o.type) && typeof o.label === 'string';
      if (target.length || isAction) {
        const label = typeof o.label === 'string' ? i18n.t(o.label) : '';
        const parts = [
          path.join('/') || '(screen)',
          typeof o.type === 'string' && o.type !== 'list' ? o.type : '',
          label,
          target.length ? `→ ${target.join(' / ')}` : '',
          typeof o.permission === 'string' ? `[${o.permission}]` : '',
          label && shown.has(label) ? 'shown' : '',
        ];
        lines.push(parts.filter(Boolean).join(' '));
      }
      for (const [key, value] of Object.entries(o)) if (key !== 'options') walk(value, [...path, key]);
    }
  };
  walk(definition as Json, []);
  return lines;
}
