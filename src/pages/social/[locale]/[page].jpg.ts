import type { APIRoute } from 'astro';
import type { Locale } from '../../../i18n/locales';
import { renderSocialCard, socialCardOf } from '../../../node/social-card';
import { routes, socialCardName } from '../../../routes';

/** Each page's social card in each language, drawn when the site is built: `/social/en/agb.jpg`. */
export function getStaticPaths() {
  return routes.map(({ locale, path }) => ({
    params: { locale, page: socialCardName(path) },
    props: { locale, path },
  }));
}

export const GET: APIRoute<{ locale: Locale; path: string }> = async ({ props }) =>
  new Response(new Uint8Array(await renderSocialCard(await socialCardOf(props.locale, props.path))), {
    headers: { 'content-type': 'image/jpeg' },
  });
