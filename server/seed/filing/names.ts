/**
 * Plausible, invented company names for the demo: Chinese groups (place + brand + trade + form) and
 * foreign undertakings (invented brand + trade + legal form, with a Chinese rendering). None is meant to
 * be a real company.
 */
import type { Random } from './random.ts';

const PLACES = [
  '北京',
  '上海',
  '天津',
  '重庆',
  '广州',
  '深圳',
  '杭州',
  '南京',
  '苏州',
  '成都',
  '武汉',
  '西安',
  '青岛',
  '宁波',
  '厦门',
  '长沙',
  '郑州',
  '合肥',
  '济南',
  '沈阳',
  '大连',
  '福州',
  '无锡',
  '佛山',
  '东莞',
  '昆明',
  '南昌',
  '石家庄',
  '太原',
  '贵阳',
];
const BRANDS = [
  '华信',
  '中科',
  '宏远',
  '瑞丰',
  '恒通',
  '鼎盛',
  '正泰',
  '新锐',
  '博远',
  '金桥',
  '海纳',
  '万邦',
  '天成',
  '启明',
  '安联',
  '嘉禾',
  '国富',
  '远航',
  '星河',
  '明德',
  '卓越',
  '汇丰源',
  '融创智',
  '泰和',
  '银河',
  '长江',
  '华夏',
  '东方',
  '中联',
  '联合',
  '振华',
  '盛世',
  '德润',
  '睿达',
  '凯瑞',
  '通宇',
  '华晟',
  '晨光',
  '开元',
  '永鑫',
];
export const TRADES: { word: string; industry: string; product: string }[] = [
  { word: '新材料', industry: 'C2651', product: '工程塑料' },
  { word: '化工', industry: 'C2614', product: '有机化学原料' },
  { word: '医药', industry: 'C2720', product: '化学药品制剂' },
  { word: '生物科技', industry: 'C2761', product: '生物药品' },
  { word: '汽车零部件', industry: 'C3670', product: '汽车零部件及配件' },
  { word: '智能装备', industry: 'C3490', product: '通用设备' },
  { word: '电气', industry: 'C3821', product: '变压器' },
  { word: '电子', industry: 'C3971', product: '电子元件' },
  { word: '半导体', industry: 'C3973', product: '集成电路' },
  { word: '通信技术', industry: 'C3921', product: '通信系统设备' },
  { word: '新能源', industry: 'D4416', product: '光伏发电' },
  { word: '电力', industry: 'D4411', product: '电力生产' },
  { word: '水泥', industry: 'C3011', product: '水泥' },
  { word: '钢铁', industry: 'C3120', product: '钢材' },
  { word: '物流', industry: 'G5810', product: '多式联运' },
  { word: '港口', industry: 'G5531', product: '港口货物装卸' },
  { word: '软件', industry: 'I6513', product: '应用软件' },
  { word: '信息技术', industry: 'I6550', product: '信息技术服务' },
  { word: '食品', industry: 'C1469', product: '调味品' },
  { word: '乳业', industry: 'C1440', product: '液体乳' },
  { word: '农业科技', industry: 'A0111', product: '种子' },
  { word: '商业', industry: 'F5211', product: '百货零售' },
  { word: '医疗器械', industry: 'C3581', product: '医疗诊断设备' },
  { word: '环保科技', industry: 'N7723', product: '固体废物治理' },
];
const FORMS = ['有限公司', '股份有限公司', '集团有限公司', '集团股份有限公司', '控股有限公司'];

const FOREIGN_BRANDS: [string, string][] = [
  ['Nordwind', '诺德温'],
  ['Alvara', '阿尔瓦拉'],
  ['Kestrel', '凯斯卓'],
  ['Veloris', '维罗里斯'],
  ['Brightmoor', '布莱特莫尔'],
  ['Solenne', '索莱恩'],
  ['Taviston', '塔维斯通'],
  ['Oberland', '奥博兰'],
  ['Merrowby', '梅罗比'],
  ['Quorra', '阔拉'],
  ['Halvorsen', '哈尔沃森'],
  ['Castellan', '卡斯特兰'],
  ['Ridgefield', '里奇菲尔德'],
  ['Auberon', '奥伯伦'],
  ['Lindqvist', '林德奎斯特'],
  ['Pemberton', '彭伯顿'],
  ['Yamasato', '山里'],
  ['Hoshinami', '星波'],
  ['Daeseong', '大成'],
  ['Valtrex', '瓦尔特雷克斯'],
];
const FOREIGN_TRADES: [string, string][] = [
  ['Chemicals', '化学'],
  ['Pharma', '制药'],
  ['Industrial', '工业'],
  ['Technologies', '科技'],
  ['Energy', '能源'],
  ['Logistics', '物流'],
  ['Materials', '材料'],
  ['Foods', '食品'],
  ['Semiconductor', '半导体'],
  ['Medical', '医疗'],
];
const FOREIGN_FORMS: [string, string, string][] = [
  ['AG', '股份公司', '德国'],
  ['GmbH', '有限责任公司', '德国'],
  ['S.A.', '股份有限公司', '法国'],
  ['Inc.', '公司', '美国'],
  ['LLC', '有限责任公司', '美国'],
  ['Ltd.', '有限公司', '英国'],
  ['N.V.', '公司', '荷兰'],
  ['K.K.', '株式会社', '日本'],
  ['Co., Ltd.', '株式会社', '韩国'],
  ['Pte. Ltd.', '私人有限公司', '新加坡'],
];
const INVESTORS = ['投资', '资本', '产业投资基金', '控股'];

export interface CompanyName {
  zh: string;
  original: string | null;
  place: string;
  domestic: boolean;
  trade: (typeof TRADES)[number];
}

export function chineseCompany(r: Random, trade = r.pick(TRADES)): CompanyName {
  const place = r.pick(PLACES);
  return {
    zh: `${place}${r.pick(BRANDS)}${trade.word}${r.pick(FORMS)}`,
    original: null,
    place: `中国${place}`,
    domestic: true,
    trade,
  };
}

export function foreignCompany(r: Random, trade = r.pick(TRADES)): CompanyName {
  const [brand, brandZh] = r.pick(FOREIGN_BRANDS);
  const [tradeEn, tradeZh] = r.pick(FOREIGN_TRADES);
  const [form, formZh, country] = r.pick(FOREIGN_FORMS);
  return {
    zh: `${brandZh}${tradeZh}${formZh}`,
    original: `${brand} ${tradeEn} ${form}`,
    place: country,
    domestic: false,
    trade,
  };
}

export function investor(r: Random): CompanyName {
  const place = r.pick(PLACES);
  const trade = r.pick(TRADES);
  return {
    zh: `${place}${r.pick(BRANDS)}${r.pick(INVESTORS)}有限公司`,
    original: null,
    place: `中国${place}`,
    domestic: true,
    trade,
  };
}

export function company(r: Random, trade?: (typeof TRADES)[number]): CompanyName {
  return r.chance(0.3) ? foreignCompany(r, trade) : chineseCompany(r, trade);
}

const SURNAMES =
  '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段雷钱汤尹黎易常武乔贺赖龚文';
const GIVEN =
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍建国红梅鹏辉宇飞鑫波斌宁婷雪琳晨昊然博文浩';

export function personName(r: Random): string {
  const given = r.chance(0.6) ? r.pick([...GIVEN]) + r.pick([...GIVEN]) : r.pick([...GIVEN]);
  return r.pick([...SURNAMES]) + given;
}

export type TitleMode =
  | 'EQUITY_ACQUISITION'
  | 'ASSET_ACQUISITION'
  | 'JOINT_VENTURE'
  | 'MERGER_ABSORPTION'
  | 'MERGER_NEW'
  | 'CONTRACT_CONTROL'
  | 'JOINT_TO_SOLE';

/** The case name in SAMR's usual form for a transaction mode. */
export function caseTitle(mode: TitleMode, a: string, b: string, jv?: string): string {
  switch (mode) {
    case 'EQUITY_ACQUISITION':
      return `${a}收购${b}股权案`;
    case 'ASSET_ACQUISITION':
      return `${a}收购${b}部分资产案`;
    case 'JOINT_VENTURE':
      return `${a}与${b}新设合营企业案`;
    case 'MERGER_ABSORPTION':
      return `${a}吸收合并${b}案`;
    case 'MERGER_NEW':
      return `${a}与${b}新设合并案`;
    case 'CONTRACT_CONTROL':
      return `${a}通过协议取得${b}控制权案`;
    case 'JOINT_TO_SOLE':
      return `${a}收购${jv ?? b}控制权案`;
  }
}
