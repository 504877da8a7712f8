/**
 * The app's domain actions for screens (renderers/actions/registry.ts). Every page but the login
 * page loads this before it renders (AppRoutes.tsx, public-routes.tsx), so they are registered before
 * any screen runs; the login page runs no screen and loads without them.
 */
// The session's domain actions (act as another user).
import '../session/session-actions.ts';
// The files capability's domain actions (file preview from a list row).
import '../files/file-actions.ts';
// Menu resource administration (XML import into the resource tree).
import '../resources/resource-actions.ts';
// The filing screens' domain action (reading a case document).
import '../filing/document-actions.ts';
// Receipts (回执): printing one, checking a local file against it.
import '../filing/receipt-actions.ts';
