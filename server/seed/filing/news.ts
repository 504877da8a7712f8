/**
 * Demo news for the public page (issue 13): about twenty announcements, policy notes and sample cases,
 * dated back from `today`, deterministic, inserted in one statement (skipped when news already exist).
 */
import type { Db } from '../../db/database.ts';
import { addDays, chinaMidnight, type PlainDate } from '../../modules/filing/dates.ts';
import type { NewsCategory } from '../../modules/public/tables.ts';
import '../../modules/public/tables.ts';

const ITEMS: [NewsCategory, string, string][] = [
  [
    'notice',
    '关于进一步优化经营者集中简易案件审查工作的公告',
    '简易案件公示期满后将加快审结，申报人可通过网上申报系统查询审查进度。',
  ],
  [
    'news',
    '市场监管总局发布2025年经营者集中审查工作报告',
    '报告显示，全年审结经营者集中案件数量保持平稳，简易案件平均审结时间进一步缩短。',
  ],
  [
    'policy',
    '《经营者集中审查规定》解读',
    '规定明确了申报标准、简易案件适用标准、附加限制性条件的监督执行等内容。',
  ],
  ['notice', '关于经营者集中网上申报系统升级维护的通知', '系统将于周末进行升级维护，期间暂停网上申报服务。'],
  ['news', '反垄断执法机构举办经营者集中申报培训', '培训围绕申报材料准备、简易案件公示表填写等内容展开。'],
  ['policy', '关于经营者集中申报的指导意见（修订）', '指导意见对控制权的判断、营业额计算等问题作出说明。'],
  [
    'news',
    '一批未依法申报经营者集中案件依法处理结果公布',
    '执法机构依法对未依法申报实施集中的行为作出行政处罚。',
  ],
  [
    'notice',
    '关于公开征求《经营者集中附加限制性条件规定》修订意见的公告',
    '社会各界可在公告期内通过电子邮件或信函提出意见。',
  ],
  ['news', '国际竞争执法合作交流会在京举行', '与会各方就跨境并购审查合作进行了深入交流。'],
  ['policy', '经营者集中简易案件申报表及公示表填写说明', '说明逐项解释了公示表各栏目的填写要求。'],
  ['news', '经营者集中审查效率持续提升', '简易案件平均审结时间较上年缩短。'],
  ['notice', '关于调整经营者集中申报咨询电话的通知', '咨询电话及工作时间调整如下。'],
  ['news', '反垄断执法机构发布平台经济领域经营者集中审查指引', '指引对平台经济领域相关市场界定等作出说明。'],
  ['policy', '关于相对控股和共同控制认定的问答', '问答结合典型情形说明控制权的认定思路。'],
  ['news', '第三季度经营者集中案件审结情况', '本季度审结案件中，绝大多数为无条件批准。'],
  [
    'sample',
    '典型案例：某化工企业收购案附加限制性条件',
    '该案中，执法机构要求剥离相关业务并在一定期限内履行供应义务。',
  ],
  [
    'sample',
    '典型案例：未依法申报实施集中被处罚',
    '当事人在取得控制权前未依法申报，执法机构依法作出行政处罚。',
  ],
  ['sample', '典型案例：合营企业的控制权认定', '多个母公司对合营企业享有否决权，构成共同控制。'],
  [
    'sample',
    '典型案例：简易案件公示期间收到意见后的处理',
    '执法机构对公示期间收到的意见进行核实后依法审结。',
  ],
  [
    'sample',
    '典型案例：禁止经营者集中的审查考量',
    '集中将显著提高市场集中度并削弱竞争，且当事人未提出有效的附加条件方案。',
  ],
];

export async function seedDemoNews(db: Db, today: PlainDate): Promise<number> {
  const exists = await db.selectFrom('filing.news').select('id').limit(1).executeTakeFirst();
  if (exists) return 0;
  const rows = ITEMS.map(([category, title, summary], i) => {
    const day = addDays(today, -(i * 17 + 3));
    const at = new Date(chinaMidnight(day).getTime() + 10 * 3600_000);
    return {
      id: `demo-news-${String(i + 1).padStart(2, '0')}`,
      category,
      title,
      summary,
      content: `<p>${summary}</p><p>（本文为演示数据。）</p>`,
      source: category === 'sample' ? '反垄断执法二司' : '国家市场监督管理总局',
      published: i !== 3,
      publish_time: i !== 3 ? at : null,
      created_at: at,
    };
  });
  await db.insertInto('filing.news').values(rows).execute();
  return rows.length;
}
