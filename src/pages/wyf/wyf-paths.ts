/** The pages of reports of unnotified deals (spec's wyf routes). */
export const WYF_LOGIN = '/loginWyf';
export const WYF_PERFECT = '/wyfperfect';
export const WYF_REPORT = '/wyfReport';
