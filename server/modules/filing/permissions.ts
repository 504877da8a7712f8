/**
 * The filing domain's permission names (`area:action`, the vocabulary of the permission model). The
 * service checks them on every operation; co-parties and agents are further checked by their membership
 * of the case, and every review:* permission counts only for a member of the authority tenant.
 */

export const FILING_PERMISSIONS = {
  /** See the filings the actor's tenant is a member of (filer, co-party, agent). */
  READ: 'filing:read',
  /** Create drafts; edit the case, parties, turnovers, markets, jurisdictions, 公示表, documents. */
  EDIT: 'filing:edit',
  /** Submit, answer supplement requests, ask to withdraw, ask for a stop to evaluate remedies, propose remedies. */
  SUBMIT: 'filing:submit',
  /** Invite co-party tenants and authorise agents (with a 授权委托书) on a filing. */
  INVITE: 'filing:invite',
  /** Use the "must we file?" and simplified-criteria helpers (pure; no case data). */
  HELPER: 'filing:helper',
} as const;

export const REVIEW_PERMISSIONS = {
  /** Read cases, their confidential documents (audited), and the worklists. */
  READ: 'review:read',
  /** The review permissions reach every filed case; without it, only the cases the holder handles. */
  ALL_CASES: 'review:allCases',
  /** Completeness check: request supplements (补交/补正), raise concerns, draft notices. */
  CHECK: 'review:check',
  /** Assign and reassign the case handler (主办人) and division. */
  ASSIGN: 'review:assign',
  /** Accept (受理), return a simplified filing, confirm a lapsed supplement (视为未申报). */
  ACCEPT: 'review:accept',
  /** No further review / further review / decisions; consent to or refuse withdrawal. */
  DECIDE: 'review:decide',
  /** Extend Phase II, stop (中止) and restart (恢复) the clock. */
  CLOCK: 'review:clock',
  /** Publish clearance batches, open and close notices, publish decisions. */
  PUBLISH: 'review:publish',
} as const;

export const OTHER_PERMISSIONS = {
  /** Triage public comments on simplified-case notices. */
  COMMENT_TRIAGE: 'comment:triage',
  /** Maintain the holiday calendar. */
  CALENDAR_MANAGE: 'calendar:manage',
  /** Read the audit log. */
  AUDIT_READ: 'audit:read',
} as const;

export type FilingPermission =
  | (typeof FILING_PERMISSIONS)[keyof typeof FILING_PERMISSIONS]
  | (typeof REVIEW_PERMISSIONS)[keyof typeof REVIEW_PERMISSIONS]
  | (typeof OTHER_PERMISSIONS)[keyof typeof OTHER_PERMISSIONS];

export const ALL_FILING_PERMISSIONS: FilingPermission[] = [
  ...Object.values(FILING_PERMISSIONS),
  ...Object.values(REVIEW_PERMISSIONS),
  ...Object.values(OTHER_PERMISSIONS),
];

/**
 * The roles of domain-model.md as permission bundles: what the seeded roles grant. The permission model
 * (perms branch) attaches these to roles; until it lands the HTTP layer can derive a set from role aliases.
 */
export const FILING_ROLE_PERMISSIONS: Record<string, FilingPermission[]> = {
  /** 申报人: an enterprise user (or a law firm's agent user). */
  filer: ['filing:read', 'filing:edit', 'filing:submit', 'filing:invite', 'filing:helper'],
  /** 主办人 / 审查员. */
  reviewer: ['review:read', 'review:allCases', 'review:check', 'comment:triage', 'filing:helper'],
  /** 处长 / 司领导: everything a reviewer does, and the decisions. */
  reviewLead: [
    'review:read',
    'review:allCases',
    'review:check',
    'review:assign',
    'review:accept',
    'review:decide',
    'review:clock',
    'comment:triage',
    'filing:helper',
    'audit:read',
  ],
  /**
   * 委托端 (provincial bureau): reviews the simplified cases delegated to it (no review:allCases: it reaches
   * only the cases it handles) and proposes; the lead decides.
   */
  delegatedReviewer: ['review:read', 'review:check', 'comment:triage'],
  /** 发布员. */
  publisher: ['review:read', 'review:allCases', 'review:publish'],
  /** The authority's system administrator: the holiday calendar and the audit log. */
  calendarAdmin: ['calendar:manage', 'audit:read'],
};
