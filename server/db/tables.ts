/**
 * Row types for Kysely. Platform tables are keyed 'platform.<table>'; tenant tables are unqualified
 * and always queried through db.withSchema(<tenant schema>).
 */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface TenantTable {
  id: string;
  code: string;
  name: string;
  schema_name: string;
  account: string | null;
  email: string | null;
  scale: string | null;
  parent_id: string | null;
  approve_status: Defaulted<'WAIT' | 'PASSED' | 'REFUSED'>;
  status: Defaulted<'ENABLED' | 'DISABLED'>;
  schema_status: Defaulted<'NONE' | 'CREATED' | 'DROPPED'>;
  created_at: Timestamp;
}

export interface AccountTable {
  id: string;
  account: string;
  password_hash: string | null;
  fullname: string;
  mobile: string | null;
  email: string | null;
  is_super: Defaulted<boolean>;
  status: Defaulted<string>;
  password_changed_at: Date | string | null;
  created_at: Timestamp;
}

export interface TenantMemberTable {
  tenant_id: string;
  account_id: string;
  is_admin: Defaulted<boolean>;
  is_main: Defaulted<boolean>;
}

export interface SessionTable {
  id: string;
  account_id: string;
  token_hash: string;
  tenant_id: string | null;
  system_id: string | null;
  client: string | null;
  ip: string | null;
  created_at: Timestamp;
  expires_at: Date | string;
  last_seen_at: Timestamp;
  revoked_at: Date | string | null;
  revoked_reason: string | null;
}

export interface SubsystemTable {
  id: string;
  name: string;
  alias: string;
  logo: string | null;
  logo_type: Defaulted<'svg' | 'image'>;
  is_default: Defaulted<boolean>;
  sn: Defaulted<number>;
  created_at: Timestamp;
}

export interface ResourceTable {
  id: string;
  system_id: string;
  parent_id: Defaulted<string>;
  alias: string;
  name: string;
  type: Defaulted<'menu' | 'button' | 'link'>;
  icon: string | null;
  path: string | null;
  screen: string | null;
  open_type: Defaulted<string>;
  default_url: string | null;
  sn: Defaulted<number>;
  created_at: Timestamp;
}

export interface OrgTable {
  id: string;
  parent_id: Defaulted<string>;
  name: string;
  code: string;
  path: string;
  sn: Defaulted<number>;
  grade: string | null;
  created_at: Timestamp;
}

export interface EmployeeTable {
  id: string;
  account_id: string | null;
  account: string;
  name: string;
  status: Defaulted<string>;
  gender: Defaulted<string>;
  email: string | null;
  address: string | null;
  mobile: string | null;
  qq: string | null;
  wc_account: string | null;
  photo: string | null;
  org_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RoleTable {
  id: string;
  system_id: string | null;
  name: string;
  alias: string;
  enabled: Defaulted<boolean>;
  created_at: Timestamp;
}

export interface RoleResourceTable {
  role_id: string;
  resource_id: string;
}

export interface RoleGrantTable {
  role_id: string;
  party_type: 'employee' | 'org' | 'position';
  party_id: string;
}

export interface MessageReceiverTable {
  message_id: string;
  receiver_id: string;
  receiver_name: string | null;
  read_at: Date | string | null;
  removed: Defaulted<boolean>;
}

export interface MessageTable {
  id: string;
  subject: string;
  owner_id: string | null;
  owner_name: string | null;
  message_type: Defaulted<string>;
  is_public: Defaulted<boolean>;
  can_reply: Defaulted<boolean>;
  content: string | null;
  created_at: Timestamp;
}

export interface SchemaMigrationTable {
  name: string;
  applied_at: Generated<Date>;
}

export interface Database {
  'platform.tenant': TenantTable;
  'platform.account': AccountTable;
  'platform.tenant_member': TenantMemberTable;
  'platform.session': SessionTable;
  'platform.subsystem': SubsystemTable;
  'platform.resource': ResourceTable;
  org: OrgTable;
  employee: EmployeeTable;
  role: RoleTable;
  role_resource: RoleResourceTable;
  role_grant: RoleGrantTable;
  message: MessageTable;
  message_receiver: MessageReceiverTable;
  schema_migration: SchemaMigrationTable;
}

// ---- Sign-in and session (migration 002_auth). Declaration merging adds the new columns and tables.

export interface AccountTable {
  /** The account's own user security setting; null means the platform default. */
  security_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set by an admin reset or a restore-default: the user must choose a new password. */
  must_change_password: Defaulted<boolean>;
}

export interface SessionTable {
  /** All sessions descending from one login share a family; revoking it ends them all. */
  family_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UserSecurityTable {
  id: string;
  name: string;
  complexity: Defaulted<string>;
  min_length: Defaulted<number>;
  max_length: Defaulted<number>;
  valid_days: Defaulted<number>;
  max_failures: Defaulted<number>;
  single_session: Defaulted<boolean>;
  is_use: Defaulted<'Y' | 'N'>;
  is_default: Defaulted<'Y' | 'N'>;
  description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionFamilyTable {
  id: string;
  account_id: string;
  /** The account acting as account_id (authentication/switch), else null. */
  acting_by: string | null;
  /** While acting: the actor's own family, restored by switch/exit. */
  origin_family_id: string | null;
  grant_type: string | null;
  client: string | null;
  ip: string | null;
  created_at: Timestamp;
  revoked_at: Date | string | null;
  revoked_reason: string | null;
}

export interface RefreshTokenTable {
  token_hash: string;
  family_id: string;
  session_id: string;
  account_id: string;
  created_at: Timestamp;
  expires_at: Date | string;
  used_at: Date | string | null;
}

export interface AuthFailureTable {
  id: Generated<number>;
  subject: string;
  ip: string | null;
  cleared: Defaulted<boolean>;
  created_at: Timestamp;
}

export interface RateLimitTable {
  bucket: string;
  key: string;
  window_start: Date | string;
  count: Defaulted<number>;
}

export interface CaptchaTable {
  id: string;
  answer: string;
  ip: string | null;
  created_at: Timestamp;
  expires_at: Date | string;
  used_at: Date | string | null;
}

export interface SmsCodeTable {
  id: string;
  mobile: string;
  purpose: string;
  code_hash: string;
  account_id: string | null;
  ip: string | null;
  attempts: Defaulted<number>;
  created_at: Timestamp;
  expires_at: Date | string;
  used_at: Date | string | null;
}

export interface SmsOutboxTable {
  id: string;
  mobile: string;
  purpose: string;
  content: string;
  created_at: Timestamp;
}

export interface VerificationGrantTable {
  id: string;
  account_id: string;
  purpose: string;
  created_at: Timestamp;
  expires_at: Date | string;
  used_at: Date | string | null;
}

export interface OauthClientTable {
  client_id: string;
  name: string;
  secret_hash: string | null;
  redirect_uri: string | null;
  created_at: Timestamp;
}

export interface AuthCodeTable {
  code_hash: string;
  client_id: string;
  account_id: string;
  tenant_id: string | null;
  state: string | null;
  created_at: Timestamp;
  expires_at: Date | string;
  used_at: Date | string | null;
}

export interface ActingAuditTable {
  id: Generated<number>;
  event: 'switch' | 'exit' | 'operation';
  actor_account_id: string;
  actor_account: string;
  target_account_id: string;
  target_account: string;
  reason: string | null;
  operation_id: string | null;
  method: string | null;
  status: number | null;
  tenant_id: string | null;
  family_id: string | null;
  ip: string | null;
  created_at: Timestamp;
}

export interface Database {
  'platform.user_security': UserSecurityTable;
  'platform.session_family': SessionFamilyTable;
  'platform.refresh_token': RefreshTokenTable;
  'platform.auth_failure': AuthFailureTable;
  'platform.rate_limit': RateLimitTable;
  'platform.captcha': CaptchaTable;
  'platform.sms_code': SmsCodeTable;
  'platform.sms_outbox': SmsOutboxTable;
  'platform.verification_grant': VerificationGrantTable;
  'platform.oauth_client': OauthClientTable;
  'platform.auth_code': AuthCodeTable;
  'platform.acting_audit': ActingAuditTable;
}

// ---- People of a tenant's space (tenant migration 003_people_links). Declaration merging adds the new
// columns to the tables above and the tables the people handlers use.

export interface OrgTable {
  /** Names from the root down to the node, '/' separated (path holds the ids, '.' separated). */
  path_name: ColumnType<string | null, string | null | undefined, string | null>;
  description: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface EmployeeTable {
  /** The tenant-admin flag; the platform membership mirrors it while the employee is active. */
  is_admin: Defaulted<boolean>;
}

export interface RoleTable {
  description: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PositionTable {
  id: string;
  parent_id: Defaulted<string>;
  org_id: string | null;
  name: string;
  code: string;
  sn: Defaulted<number>;
  level_id: ColumnType<string | null, string | null | undefined, string | null>;
  description: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface EmployeePositionTable {
  employee_id: string;
  position_id: string;
  is_main: Defaulted<boolean>;
  is_principal: Defaulted<boolean>;
}

export interface EmployeeOrgTable {
  employee_id: string;
  org_id: string;
  is_main: Defaulted<boolean>;
}

export interface OrgManagerTable {
  org_id: string;
  employee_id: string;
}

export interface EmployeeSuperiorTable {
  employee_id: string;
  superior_id: string;
}

export interface UserGroupTable {
  id: string;
  name: string;
  alias: string;
  parent_id: Defaulted<string>;
  sn: Defaulted<number>;
  description: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface UserGroupMemberTable {
  group_id: string;
  employee_id: string;
}

export interface AttrDefTable {
  id: string;
  key: string;
  name: string;
  data_type: Defaulted<string>;
  /** The options as the client sent them (a JSON string value). */
  options: ColumnType<unknown, string | null | undefined, string | null>;
  is_multi: Defaulted<boolean>;
  party_type: Defaulted<string>;
  sn: Defaulted<number>;
}

export interface AttrValueTable {
  attr_id: string;
  party_id: string;
  value: string | null;
}

export interface LevelTable {
  id: string;
  name: string;
  level: Defaulted<number>;
  type: 'org' | 'position';
}

export interface Database {
  position: PositionTable;
  employee_position: EmployeePositionTable;
  employee_org: EmployeeOrgTable;
  org_manager: OrgManagerTable;
  employee_superior: EmployeeSuperiorTable;
  user_group: UserGroupTable;
  user_group_member: UserGroupMemberTable;
  attr_def: AttrDefTable;
  attr_value: AttrValueTable;
  level: LevelTable;
}
