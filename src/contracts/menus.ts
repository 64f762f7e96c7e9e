import { z } from 'zod';

export const DISPLAY_TYPES = ['column', 'modality', 'banner', 'other'] as const;

export interface MenuItem {
  id: number;
  name: string;
  url: string | null;
  id_slug: string;
  type_link: string | null;
  destiny_link: string | null;
  display_type: (typeof DISPLAY_TYPES)[number];
  color_item: string | null;
  css_class: string | null;
  image: string | null;
  icon: string | null;
  content_button: string | null;
  items: MenuItem[];
}

export const MenuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    url: z.string().nullable(),
    id_slug: z.string(),
    type_link: z.string().nullable(),
    destiny_link: z.string().nullable(),
    display_type: z.enum(DISPLAY_TYPES).catch('other'),
    color_item: z.string().nullable(),
    css_class: z.string().nullable(),
    image: z.string().nullable(),
    icon: z.string().nullable(),
    content_button: z.string().nullable(),
    items: z.array(MenuItemSchema),
  }),
);

export const LiveMenusResponseSchema = z.array(MenuItemSchema);

/** The menu the header shows (spec §2). */
export const TOP_MENU_NAME = 'Menu-Topo';
