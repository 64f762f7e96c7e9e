// Procedural artwork for the menu banner cards (no downloads): deterministic SVGs written under
// public/images/menu, one per menu item of the seed that names an image.
import { mkdir, writeFile } from 'node:fs/promises';
import menu from '../src/db/seed/menu-topo.json' with { type: 'json' };

function imagesOf(items, out = []) {
  for (const item of items) {
    if (item.image) out.push({ file: item.image, name: item.name, hue: (out.length * 47 + 180) % 360 });
    imagesOf(item.items ?? [], out);
  }
  return out;
}
const MENU_IMAGES = imagesOf(menu);

function art(name, hue) {
  const h2 = (hue + 40) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500" width="400" height="500">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 55% 62%)"/><stop offset="1" stop-color="hsl(${h2} 60% 38%)"/></linearGradient></defs>
<rect width="400" height="500" fill="url(#g)"/>
<circle cx="300" cy="120" r="70" fill="hsl(${(hue + 180) % 360} 80% 85%)" opacity=".55"/>
<path d="M0 380 Q100 330 200 380 T400 380 V500 H0Z" fill="hsl(${h2} 50% 25%)" opacity=".45"/>
<path d="M0 420 Q100 380 200 420 T400 420 V500 H0Z" fill="hsl(${hue} 40% 18%)" opacity=".5"/>
<title>${name}</title>
</svg>`;
}

export async function generateImages(publicDir) {
  await mkdir(`${publicDir}/images/menu`, { recursive: true });
  await Promise.all(
    MENU_IMAGES.map(({ file, name, hue }) => writeFile(`${publicDir}/images/menu/${file}`, art(name, hue))),
  );
}
