import type { NavItem } from '../../lib/menu/nav';
import { colorStyle, MenuAnchor, SeeAll } from './menu-anchor';
import { menuGroups } from './menu-groups';

interface BodyProps {
  entry: NavItem;
  fullLoad: boolean;
  /** Prefix for element ids (desktop and mobile render the same entry; React `useId` is off limits). */
  idPrefix: string;
}

interface ListProps {
  items: NavItem[];
  fullLoad: boolean;
  className: string;
  labelledBy?: string;
}

function LinkList({ items, fullLoad, className, labelledBy }: ListProps) {
  return (
    <ul className={className} aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.id}>
          <MenuAnchor item={item} fullLoad={fullLoad} className={item.cssClass ?? undefined} style={colorStyle(item)}>
            {item.name}
          </MenuAnchor>
        </li>
      ))}
    </ul>
  );
}

function BannerCard({ item, fullLoad }: { item: NavItem; fullLoad: boolean }) {
  return (
    <MenuAnchor item={item} fullLoad={fullLoad} className="menu-banner">
      {item.image ? <img src={item.image} alt="" width={400} height={500} loading="lazy" decoding="async" /> : null}
      <span className="menu-banner__name">{item.name}</span>
      {item.buttonText ? <span className="menu-banner__button">{item.buttonText}</span> : null}
    </MenuAnchor>
  );
}

/** What a top-level entry opens: the desktop mega panel and the mobile sub-panel share it. */
export function MenuPanelBody({ entry, fullLoad, idPrefix }: BodyProps) {
  const g = menuGroups(entry);
  return (
    <div className={`menu-body menu-body--${g.plain ? 'banner' : 'columns'}`}>
      <div className="menu-body__head">
        <span className="menu-body__title">{entry.name}</span>
        <SeeAll item={entry} fullLoad={fullLoad} />
      </div>
      {g.columns.map((col) => (
        <div key={col.id} className="menu-column">
          <div className="menu-column__head">
            <span id={`${idPrefix}-col-${col.id}`} className="menu-column__title">
              {col.name}
            </span>
            <SeeAll item={col} fullLoad={fullLoad} />
          </div>
          <LinkList
            items={col.items}
            fullLoad={fullLoad}
            className="menu-links"
            labelledBy={`${idPrefix}-col-${col.id}`}
          />
        </div>
      ))}
      {g.modalities.map((group) => (
        <div key={group.id} className="menu-modality">
          <span id={`${idPrefix}-col-${group.id}`} className="menu-column__title">
            {group.name}
          </span>
          <LinkList
            items={group.items}
            fullLoad={fullLoad}
            className="menu-chips"
            labelledBy={`${idPrefix}-col-${group.id}`}
          />
        </div>
      ))}
      {g.links.length > 0 ? (
        <LinkList
          items={g.links}
          fullLoad={fullLoad}
          className={g.plain ? 'menu-buttons' : 'menu-links menu-links--other'}
        />
      ) : null}
      {g.banners.length > 0 ? (
        <ul className="menu-banners">
          {g.banners.map((b) => (
            <li key={b.id}>
              <BannerCard item={b} fullLoad={fullLoad} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
