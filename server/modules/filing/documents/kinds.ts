/** Document kinds: what filers upload and what the authority generates from templates. */
import type { Procedure, PartyRole } from '../tables.ts';

export const UPLOADED_KINDS = [
  'NOTIFICATION_FORM', // 申报书
  'COMPETITION_STATEMENT', // 竞争影响说明
  'AGREEMENT', // 集中协议
  'FINANCIAL_REPORT', // 经审计的财务会计报告（每个参与集中的经营者）
  'IDENTITY', // 身份证明或注册登记证明（境外经公证认证）
  'POWER_OF_ATTORNEY', // 授权委托书
  'UNDERTAKING', // 承诺书
  'NOTICE_FORM', // 简易案件公示表
  'SUPPLEMENT', // 补充材料
  'STATEMENT', // 书面意见
  'REMEDY_PROPOSAL', // 附加限制性条件承诺方案
  'OTHER',
] as const;

export const GENERATED_KINDS = [
  'ACCEPTANCE_NOTICE', // 立案受理通知书
  'SUPPLEMENT_NOTICE', // 补充材料通知书
  'RETURN_NOTICE', // 退回通知（不符合简易案件标准）
  'NOT_FILED_NOTICE', // 视为未申报通知
  'FURTHER_REVIEW_NOTICE', // 进一步审查决定书
  'EXTENSION_NOTICE', // 延长审查期限决定书
  'SUSPENSION_NOTICE', // 中止计算审查期限决定书
  'RESUMPTION_NOTICE', // 恢复计算审查期限通知
  'CONCERN_NOTICE', // 竞争关注
  'CLEARANCE_DECISION', // 不实施进一步审查决定书 / 不予禁止决定书
  'CONDITIONAL_DECISION', // 附加限制性条件批准决定
  'PROHIBITION_DECISION', // 禁止经营者集中决定
  'DEEMED_CLEARED_NOTICE', // 期限届满视为可以实施集中
  'WITHDRAWAL_CONSENT', // 同意撤回申报
  'WITHDRAWAL_REFUSAL', // 不同意撤回申报
] as const;

/** What the authority attaches to its own transitions from its file store (never uploaded by a party). */
export const AUTHORITY_KINDS = [
  'REVIEW_ATTACHMENT', // 审查机关附件
] as const;

export type UploadedKind = (typeof UPLOADED_KINDS)[number];
export type GeneratedKind = (typeof GENERATED_KINDS)[number];
export type AuthorityKind = (typeof AUTHORITY_KINDS)[number];
export type DocumentKind = UploadedKind | GeneratedKind | AuthorityKind;

export function isUploadedKind(kind: string): kind is UploadedKind {
  return (UPLOADED_KINDS as readonly string[]).includes(kind);
}

/** Documents every filing needs before it can be submitted (and accepted). */
export function requiredCaseDocuments(procedure: Procedure): UploadedKind[] {
  const both: UploadedKind[] = ['NOTIFICATION_FORM', 'COMPETITION_STATEMENT', 'AGREEMENT', 'UNDERTAKING'];
  return procedure === 'SIMPLIFIED' ? [...both, 'NOTICE_FORM'] : both;
}

/** Per party: audited accounts and identity papers, for each party whose turnover counts. */
export const REQUIRED_PARTY_DOCUMENTS: UploadedKind[] = ['FINANCIAL_REPORT', 'IDENTITY'];
export const PARTY_ROLES_NEEDING_DOCUMENTS: PartyRole[] = ['ACQUIRER', 'TARGET', 'MERGING', 'JV_PARENT'];
