/**
 * The shell's own routes of spec §2 'Main area' (besides the menu entries) and how each shows as a
 * tab. Titles are translation keys; `params` of the match are interpolated into them.
 */
export interface StaticPage {
  /** Route pattern (react-router syntax). */
  pattern: string;
  name: string;
  title: string;
  icon?: string;
  /** Hidden routes (refresh, redirect) get no tab. */
  tab: boolean;
}

export const STATIC_PAGES: readonly StaticPage[] = [
  { pattern: '/dashboard', name: 'dashboard', title: 'dashboard.title', icon: 'home', tab: true },
  { pattern: '/log', name: 'log', title: 'errorLog.title', icon: 'bug', tab: true },
  { pattern: '/refresh', name: 'refresh', title: 'shellKit.page.refresh', tab: false },
  { pattern: '/redirect/*', name: 'redirect', title: 'shellKit.page.refresh', tab: false },
  { pattern: '/wyf', name: 'wyf', title: 'shellKit.page.wyf', tab: true },
  { pattern: '/d/:id', name: 'dataTemplate', title: 'shellKit.page.dataTemplate', tab: true },
  { pattern: '/agreement', name: 'agreement', title: 'shellKit.page.agreement', tab: true },
  { pattern: '/platform/bpmn/form', name: 'bpmnForm', title: 'shellKit.page.bpmnForm', tab: true },
  {
    pattern: '/platform/dataTemplate/form',
    name: 'dataTemplateForm',
    title: 'shellKit.page.dataTemplateForm',
    tab: true,
  },
  { pattern: '/demo/crud/list', name: 'demoCrud', title: 'shellKit.page.demoCrud', tab: true },
  { pattern: '/demo/iframe-form/form', name: 'demoIframe', title: 'shellKit.page.demoIframe', tab: true },
  { pattern: '/demo/url/form', name: 'demoUrl', title: 'shellKit.page.demoUrl', tab: true },
];
