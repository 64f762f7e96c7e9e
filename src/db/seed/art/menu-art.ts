/** Banner card artwork for a menu item (4:5): a gradient seascape whose hue comes from the item's order. */
export function menuSvg(hue: number): string {
  const h2 = (hue + 40) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500" width="400" height="500">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue}, 55%, 62%)"/><stop offset="1" stop-color="hsl(${h2}, 60%, 38%)"/></linearGradient></defs>
<rect width="400" height="500" fill="url(#g)"/>
<circle cx="300" cy="120" r="70" fill="hsl(${(hue + 180) % 360}, 80%, 85%)" opacity=".55"/>
<path d="M0 380 Q100 330 200 380 T400 380 V500 H0Z" fill="hsl(${h2}, 50%, 25%)" opacity=".45"/>
<path d="M0 420 Q100 380 200 420 T400 420 V500 H0Z" fill="hsl(${hue}, 40%, 18%)" opacity=".5"/>
</svg>`;
}
