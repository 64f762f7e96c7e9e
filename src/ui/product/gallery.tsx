import { productImage, productSrcSet } from '../../lib/site/images';

export interface GalleryProps {
  imageHost: string;
  productName: string;
  colorName: string;
  photos: string[];
}

/** Detail variant is 750x1125 (2:3); every variant shares the ratio, so width/height fix the layout. */
const WIDTH = 750;
const HEIGHT = 1125;
const SIZES = '(max-width: 767px) 86vw, (max-width: 999px) 48vw, (max-width: 1519px) 31vw, 440px';

/**
 * All photos of the selected colour. The first is the page's LCP: eager, high priority; the rest
 * load lazily. Mobile scrolls sideways (scroll-snap), desktop shows a two-column grid.
 */
export function Gallery({ imageHost, productName, colorName, photos }: GalleryProps) {
  if (photos.length === 0) {
    return (
      <div className="pdp-gallery pdp-gallery--empty" role="img" aria-label={`${productName}: foto indisponível`}>
        <span>Foto indisponível</span>
      </div>
    );
  }
  return (
    <section className="pdp-gallery" aria-label={`Fotos: ${colorName}`}>
      <ul
        className="pdp-gallery__list"
        data-color-photos={photos.length}
        tabIndex={0}
        aria-label="Fotos do produto (role para ver mais)"
      >
        {photos.map((file, i) => (
          <li key={file} className="pdp-gallery__item">
            <img
              src={productImage(imageHost, file, 'detail')}
              srcSet={productSrcSet(imageHost, file)}
              sizes={SIZES}
              width={WIDTH}
              height={HEIGHT}
              alt={`${productName}, cor ${colorName}, foto ${i + 1} de ${photos.length}`}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              decoding={i === 0 ? 'sync' : 'async'}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
