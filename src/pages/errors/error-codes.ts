/** The error pages (spec §2 'Error pages'): /401, /403, /404, /500 and /nomenu. */
export const ERROR_PAGES = ['401', '403', '404', '500', 'nomenu'] as const;
export type ErrorPageCode = (typeof ERROR_PAGES)[number];
