import { PRODUCT_VARIANTS } from '../../lib/site/images';
import { menuSvg } from './art/menu-art';
import { photoSvg } from './art/photo-art';
import { generateCatalog } from './catalog';
import menuTopo from './menu-topo.json';
import { photoSpecs } from './photos';

/** One picture to render: its SVG artwork, where it goes and the size of the original. */
export interface ImageJob {
  dir: 'product' | 'menu';
  file: string;
  svg: string;
  width: number;
  height: number;
}

export { PRODUCT_VARIANTS };

/**
 * Originals under `product/`; the spec's variants (lib/images) are scaled from them. The largest variant's
 * size, so the generator encodes that one once for both paths.
 */
export const PRODUCT_ORIGINAL = { width: 1000, height: 1500 };
/** Menu banner cards are shown at 400x500; twice that for dense screens. */
export const MENU_SIZE = { width: 800, height: 1000 };

interface MenuNode {
  image?: string;
  items?: MenuNode[];
}

export function menuImageFiles(nodes: MenuNode[] = menuTopo as MenuNode[], out: string[] = []): string[] {
  for (const node of nodes) {
    if (node.image) out.push(node.image);
    menuImageFiles(node.items ?? [], out);
  }
  return out;
}

/**
 * Every image the seed refers to, from the same code that writes `product_photos` (so files on disk and
 * rows in D1 always match) and from the menu's banner items. Several catalog sizes (`SEED_PRODUCTS`) may
 * be covered at once; photos are shared, so the union stays under 900 files.
 */
export function imageJobs(productCounts: number[] = [320]): ImageJob[] {
  const specs = new Map(productCounts.flatMap((n) => photoSpecs(generateCatalog(n))).map((p) => [p.file, p]));
  const photos = [...specs.values()]
    .sort((a, b) => a.file.localeCompare(b.file))
    .map((p): ImageJob => ({
      dir: 'product',
      file: p.file,
      svg: photoSvg({ kind: p.kind, colorHex: p.colorHex, position: p.position }),
      ...PRODUCT_ORIGINAL,
    }));
  const menu = menuImageFiles().map((file, i): ImageJob => ({
    dir: 'menu',
    file,
    svg: menuSvg((i * 47 + 180) % 360),
    ...MENU_SIZE,
  }));
  return [...photos, ...menu];
}
