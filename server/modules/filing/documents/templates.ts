/**
 * The authority's notices and decisions, one template per kind, rendered to a small self-contained HTML
 * document. Values are escaped; the wording follows the usual form of SAMR's notices.
 */
import type { GeneratedKind } from './kinds.ts';

export interface TemplateData {
  authority: string;
  caseTitle: string;
  caseNo: string | null;
  parties: string[];
  /** The date the document is issued (China date). */
  date: string;
  reason?: string | null;
  ground?: string | null;
  dueOn?: string | null;
  nominalDueOn?: string | null;
  items?: string | null;
  days?: number | null;
  conditions?: string | null;
  conditionTerm?: string | null;
  decisionText?: string | null;
}

const esc = (s: unknown) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const cnDate = (d: string | null | undefined) => {
  if (!d) return '';
  const [y, m, day] = d.split('-');
  return `${y}年${Number(m)}月${Number(day)}日`;
};

type Body = (d: TemplateData) => { title: string; paragraphs: string[] };

const addressee = (d: TemplateData) => `${d.parties.join('、')}：`;
const about = (d: TemplateData) => `你方申报的“${d.caseTitle}”（${d.caseNo ?? '—'}）`;

const TEMPLATES: Record<GeneratedKind, Body> = {
  ACCEPTANCE_NOTICE: (d) => ({
    title: '经营者集中反垄断审查立案受理通知书',
    paragraphs: [
      addressee(d),
      `${about(d)}，经审查，申报文件、资料符合《中华人民共和国反垄断法》第二十八条规定，现予立案，自${cnDate(d.date)}起进行初步审查。`,
      `初步审查期限为三十日，至${cnDate(d.dueOn)}届满${d.nominalDueOn && d.nominalDueOn !== d.dueOn ? `（期限末日${cnDate(d.nominalDueOn)}为法定休假日，顺延至${cnDate(d.dueOn)}）` : ''}。`,
    ],
  }),
  SUPPLEMENT_NOTICE: (d) => ({
    title: '经营者集中申报补充文件、资料通知书',
    paragraphs: [
      addressee(d),
      `${about(d)}，申报文件、资料不完备。请于${cnDate(d.dueOn)}前补充提交下列文件、资料：`,
      d.items ?? '',
      '逾期未补充提交的，视为未申报。',
    ],
  }),
  RETURN_NOTICE: (d) => ({
    title: '简易案件申报退回通知',
    paragraphs: [
      addressee(d),
      `${about(d)}不符合简易案件标准，予以退回。理由：${d.reason ?? ''}`,
      '你方可按普通案件重新申报。',
    ],
  }),
  NOT_FILED_NOTICE: (d) => ({
    title: '视为未申报通知',
    paragraphs: [
      addressee(d),
      `${about(d)}，你方未在规定期限（${cnDate(d.dueOn)}）内补充提交文件、资料，依法视为未申报。`,
    ],
  }),
  FURTHER_REVIEW_NOTICE: (d) => ({
    title: '经营者集中反垄断审查进一步审查决定书',
    paragraphs: [
      addressee(d),
      `${about(d)}，经初步审查，决定自${cnDate(d.date)}起实施进一步审查。理由：${d.reason ?? ''}`,
      `进一步审查期限为九十日，至${cnDate(d.dueOn)}届满。`,
    ],
  }),
  EXTENSION_NOTICE: (d) => ({
    title: '延长经营者集中审查期限决定书',
    paragraphs: [
      addressee(d),
      `${about(d)}，因${d.ground ?? ''}，决定延长进一步审查期限${d.days ?? ''}日，至${cnDate(d.dueOn)}届满。`,
    ],
  }),
  SUSPENSION_NOTICE: (d) => ({
    title: '中止计算经营者集中审查期限决定书',
    paragraphs: [
      addressee(d),
      `${about(d)}，因${d.ground ?? ''}，依据《中华人民共和国反垄断法》第三十二条，决定自${cnDate(d.date)}起中止计算审查期限。${d.reason ?? ''}`,
    ],
  }),
  RESUMPTION_NOTICE: (d) => ({
    title: '恢复计算经营者集中审查期限通知书',
    paragraphs: [
      addressee(d),
      `${about(d)}，中止情形已消除，自${cnDate(d.date)}起恢复计算审查期限，审查期限顺延至${cnDate(d.dueOn)}届满。`,
    ],
  }),
  CONCERN_NOTICE: (d) => ({
    title: '竞争关注意见',
    paragraphs: [
      addressee(d),
      `${about(d)}可能具有排除、限制竞争效果，具体如下：`,
      d.reason ?? '',
      `请于${cnDate(d.dueOn)}前提交书面意见。`,
    ],
  }),
  CLEARANCE_DECISION: (d) => ({
    title: '经营者集中反垄断审查不予禁止决定书',
    paragraphs: [
      addressee(d),
      `${about(d)}，经审查，决定对该项经营者集中不予禁止，你方从即日起可以实施集中。`,
      d.decisionText ?? '',
    ],
  }),
  CONDITIONAL_DECISION: (d) => ({
    title: '附加限制性条件批准经营者集中审查决定',
    paragraphs: [
      addressee(d),
      `${about(d)}，经审查，该项集中具有或者可能具有排除、限制竞争效果。根据你方提交的承诺方案，决定附加限制性条件批准此项经营者集中。`,
      `限制性条件：${d.conditions ?? ''}`,
      `条件期限：${d.conditionTerm ?? ''}`,
      d.decisionText ?? '',
    ],
  }),
  PROHIBITION_DECISION: (d) => ({
    title: '禁止经营者集中审查决定',
    paragraphs: [
      addressee(d),
      `${about(d)}，经审查，该项集中具有或者可能具有排除、限制竞争效果，决定禁止此项经营者集中。`,
      d.decisionText ?? d.reason ?? '',
    ],
  }),
  DEEMED_CLEARED_NOTICE: (d) => ({
    title: '审查期限届满通知',
    paragraphs: [
      addressee(d),
      `${about(d)}，审查期限已于${cnDate(d.dueOn)}届满，审查机关未作出决定，依据《中华人民共和国反垄断法》，你方可以实施集中。`,
    ],
  }),
  WITHDRAWAL_CONSENT: (d) => ({
    title: '同意撤回经营者集中申报通知',
    paragraphs: [addressee(d), `${about(d)}，你方申请撤回申报，经审查，同意撤回。`],
  }),
  WITHDRAWAL_REFUSAL: (d) => ({
    title: '不同意撤回经营者集中申报通知',
    paragraphs: [addressee(d), `${about(d)}，你方申请撤回申报，经审查，不同意撤回。理由：${d.reason ?? ''}`],
  }),
};

export function renderTemplate(kind: GeneratedKind, data: TemplateData): { title: string; html: string } {
  const { title, paragraphs } = TEMPLATES[kind](data);
  const body = paragraphs
    .filter((p) => p !== '')
    .map((p) => `<p>${esc(p)}</p>`)
    .join('\n');
  const html = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title></head>
<body>
<h1>${esc(title)}</h1>
<p class="case-no">${esc(data.caseNo ?? '')}</p>
${body}
<p class="issuer">${esc(data.authority)}</p>
<p class="date">${esc(cnDate(data.date))}</p>
</body></html>
`;
  return { title, html };
}
