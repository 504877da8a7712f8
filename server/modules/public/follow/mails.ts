/**
 * The mails of following, in the subscriber's language (plain text): the confirmation of a new
 * subscription, the note that an address already follows the target, and the alert listing what is new
 * with the link that ends the subscription in one click.
 */
import type { MailMessage } from '../../../mail/gateway.ts';
import { translate, type Language } from '../../../http/i18n.ts';
import { chinaDate } from '../../filing/dates.ts';
import type { FollowItem } from './changes.ts';

/** Pages of the public entry that take a token (src/public/follow/). */
export const confirmPage = (origin: string, token: string) =>
  `${origin}/publicityIndex/follow/confirm?token=${encodeURIComponent(token)}`;
export const unsubscribePage = (origin: string, token: string) =>
  `${origin}/publicityIndex/follow/unsubscribe?token=${encodeURIComponent(token)}`;

/** The address of RFC 8058's one-click POST (List-Unsubscribe-Post), which answers without a page. */
export const oneClickAddress = (origin: string, apiBase: string, token: string) =>
  `${origin}${apiBase}/publicity/follow/unsubscribe?token=${encodeURIComponent(token)}`;

/** Items an alert lists by name; the rest are counted, and the target's page shows them all. */
export const ITEMS_PER_MAIL = 20;

/** A follow mail: the alert's carry List-Unsubscribe headers (SMTP sends them; the outbox keeps subject and body). */
export type FollowMail = MailMessage;

export const PURPOSE = { confirm: 'follow-confirm', alert: 'follow-alert' } as const;

export function confirmMail(lang: Language, to: string, target: string, link: string): FollowMail {
  return {
    to,
    subject: translate(lang, 'publicFollow.mail.confirmSubject', { target }),
    text: translate(lang, 'publicFollow.mail.confirmText', { target, link }),
    purpose: PURPOSE.confirm,
  };
}

export function alreadyFollowingMail(lang: Language, to: string, target: string, page: string): FollowMail {
  return {
    to,
    subject: translate(lang, 'publicFollow.mail.alreadySubject', { target }),
    text: translate(lang, 'publicFollow.mail.alreadyText', { target, page }),
    purpose: PURPOSE.confirm,
  };
}

export function alertMail(
  lang: Language,
  to: string,
  m: { target: string; page: string; items: FollowItem[]; unsubscribe: string; oneClick: string },
): FollowMail {
  const listed = m.items.slice(0, ITEMS_PER_MAIL).map((i) =>
    translate(lang, 'publicFollow.mail.item', {
      date: chinaDate(i.at),
      what: translate(lang, `publicFollow.change.${i.what}`),
      title: i.caseNo
        ? translate(lang, 'publicFollow.mail.titleWithCaseNo', { title: i.title, caseNo: i.caseNo })
        : i.title,
      link: i.link,
    }),
  );
  const more = m.items.length - listed.length;
  const lines = [
    translate(lang, 'publicFollow.mail.alertIntro', { target: m.target }),
    '',
    ...listed,
    ...(more > 0 ? [translate(lang, 'publicFollow.mail.more', { count: more })] : []),
    '',
    translate(lang, 'publicFollow.mail.seeAll', { page: m.page }),
    '',
    translate(lang, 'publicFollow.mail.unsubscribe', { link: m.unsubscribe }),
  ];
  return {
    to,
    subject: translate(lang, 'publicFollow.mail.alertSubject', { target: m.target, count: m.items.length }),
    text: lines.join('\n'),
    purpose: PURPOSE.alert,
    // RFC 2369 and RFC 8058: mail programs offer their own unsubscribe button, which POSTs here.
    headers: { 'List-Unsubscribe': `<${m.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
