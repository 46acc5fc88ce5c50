import { getImage } from 'astro:assets';
import ogImageSource from '../assets/og-image.png';

/** The picture shared links show (Open Graph) and search engines get as the agency's image. */
export const socialImage = () => getImage({ src: ogImageSource, width: 1200, height: 630, format: 'png' });
