import { TOP_MENU_NAME } from '../contracts/menus';
import { menusRepo } from './menus/repo';
import { menuTree } from './menus/service';
import { parametersRepo } from './parameters/repo';
import { listParameters } from './parameters/service';
import type { CommercePort } from './port';
import { whatsappLink } from './whatsapp/service';

/** The in-process backend on D1: each call goes straight to a service with its repo. */
export function embeddedCommerce(db: D1Database): CommercePort {
  const parameters = parametersRepo(db);
  const menus = menusRepo(db);
  return {
    parameters: () => listParameters({ repo: parameters }),
    liveMenus: () => menuTree({ repo: menus }, TOP_MENU_NAME),
    whatsapp: () => whatsappLink({ repo: parameters }),
  };
}
