/**
 * Menu resources (/auth/resources/*): the user's menu (menu-tree.ts), administration of the tree and its
 * XML (resource-admin.ts), favourites (favorites.ts) and the checked trees of grants (grant-trees.ts).
 */
import { authOf, defineHandlers } from '../../http/handler.ts';
import { favoriteHandlers } from './favorites.ts';
import { grantTreeHandlers } from './grant-trees.ts';
import { menuTreeFor } from './menu-tree.ts';
import { resourceAdminHandlers } from './resource-admin.ts';

export { buildMenuTree, menuTreeFor, type MenuNode } from './menu-tree.ts';

export const resourceHandlers = defineHandlers({
  ...resourceAdminHandlers,
  ...favoriteHandlers,
  ...grantTreeHandlers,
  'auth.resources.getMenuData': async (ctx) => {
    const auth = authOf(ctx);
    const systemId = ctx.query.systemId || auth.systemId;
    if (!systemId) return [];
    return menuTreeFor(ctx, auth, systemId);
  },
});
