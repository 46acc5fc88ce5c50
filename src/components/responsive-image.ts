import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';

/** What an island needs to draw a `<picture>` that Astro optimised: it cannot call astro:assets itself. */
export interface ResponsiveImage {
  avifSrcSet: string;
  webpSrcSet: string;
  src: string;
  width: number;
  height: number;
}

export async function responsiveImage(source: ImageMetadata, widths: number[]): Promise<ResponsiveImage> {
  const variants = (format: 'avif' | 'webp') =>
    Promise.all(widths.map((width) => getImage({ src: source, width, format })));
  const [avif, webp] = await Promise.all([variants('avif'), variants('webp')]);
  const srcSet = (images: typeof avif) => images.map((image, i) => `${image.src} ${widths[i]}w`).join(', ');
  const smallest = widths[0];
  return {
    avifSrcSet: srcSet(avif),
    webpSrcSet: srcSet(webp),
    src: webp[0].src,
    width: smallest,
    height: Math.round((source.height * smallest) / source.width),
  };
}
