import type { MenuItem } from '../contracts/menus';
import type { Parameter } from '../contracts/parameters';
import type { WhatsappResponse } from '../contracts/whatsapp';

/** What pages (SSR) and the embedded /api routes need from commerce, in contract types. */
export interface CommercePort {
  parameters(): Promise<Parameter[]>;
  liveMenus(): Promise<MenuItem[]>;
  whatsapp(): Promise<WhatsappResponse>;
}
