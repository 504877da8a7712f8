/** Every handler, keyed by operation id. An operation without one answers 501 'unsupported'. */
import type { HandlerMap } from '../http/handler.ts';
import { authHandlers } from './auth/handlers.ts';
import { employeeHandlers } from './employees/handlers.ts';
import { orgHandlers } from './orgs/handlers.ts';
import { positionHandlers } from './positions/handlers.ts';
import { roleHandlers } from './roles/handlers.ts';
import { roleResourceHandlers } from './roles/role-resources.ts';
import { groupHandlers } from './groups/handlers.ts';
import { attrHandlers } from './attributes/handlers.ts';
import { resourceHandlers } from './resources/handlers.ts';
import { userHandlers } from './users/handlers.ts';
import { subsystemHandlers } from './subsystems/handlers.ts';
import { logHandlers } from './logs/handlers.ts';
import { auditHandlers } from './logs/audit-handlers.ts';
import { bellHandlers } from './messages/bell-handlers.ts';
import { messageDetailHandlers } from './messages/detail-handlers.ts';
import { boxHandlers } from './messages/box-handlers.ts';
import { sendHandlers } from './messages/send-handlers.ts';
import { alertHandlers } from './messages/alert-handlers.ts';
import { streamHandlers } from './messages/stream-handlers.ts';
import { tenantHandlers } from './tenants/handlers.ts';
import { fileHandlers } from './files/handlers.ts';
import { fileLinkHandlers } from './files/link-handlers.ts';
import { filingHandlers } from './filing/handlers.ts';
import { receiptHandlers } from './filing/receipt-handlers.ts';
import { auditTrailHandlers } from './filing/audit-trail.ts';
import { userSecurityHandlers } from './user-security/handlers.ts';
import { publicityHandlers } from './public/publicity-handlers.ts';
import { newsHandlers } from './public/news-handlers.ts';
import { clueHandlers } from './public/clue-handlers.ts';
import { followHandlers } from './public/follow/handlers.ts';
import { reviewListHandlers } from './public/review-list/handlers.ts';
import { publicStatsHandlers } from './public/stats/handlers.ts';
import { publicCaseHandlers } from './public/case-page/handlers.ts';
import { screenConfigHandlers } from './screen-config/handlers.ts';
import { dataTemplateHandlers } from './data-templates/handlers.ts';

export const allHandlers: HandlerMap = {
  ...authHandlers,
  ...userHandlers,
  ...resourceHandlers,
  ...employeeHandlers,
  ...orgHandlers,
  ...positionHandlers,
  ...roleHandlers,
  ...roleResourceHandlers,
  ...groupHandlers,
  ...attrHandlers,
  ...subsystemHandlers,
  ...logHandlers,
  ...auditHandlers,
  ...bellHandlers,
  ...messageDetailHandlers,
  ...boxHandlers,
  ...sendHandlers,
  ...alertHandlers,
  ...streamHandlers,
  ...tenantHandlers,
  ...fileHandlers,
  ...fileLinkHandlers,
  ...filingHandlers,
  ...receiptHandlers,
  ...auditTrailHandlers,
  ...userSecurityHandlers,
  ...publicityHandlers,
  ...newsHandlers,
  ...clueHandlers,
  ...followHandlers,
  ...reviewListHandlers,
  ...publicStatsHandlers,
  ...publicCaseHandlers,
  ...screenConfigHandlers,
  ...dataTemplateHandlers,
};
