/** The element a server-rendered public page carries its answers in (page-data.ts; early-list.ts looks for it without React). */
export const PAGE_DATA_ELEMENT_ID = 'page-data';
