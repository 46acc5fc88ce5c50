import { getAgency, getLegalPage } from '../content/queries';
import type { Locale } from '../i18n/locales';
import { getTranslator } from '../i18n/translate';
import type { LegalPage } from '../routes';
import type { SocialCard } from '../../integrations/social-card';

/** What the card of a page says: the page's own title in its language, as its heading shows it. */
export async function socialCardOf(locale: Locale, path: string): Promise<SocialCard> {
  const t = getTranslator(locale);
  const agency = await getAgency();
  const common = { locale, name: agency.name, host: new URL(agency.siteUrl).host };
  if (path === '/') return { ...common, kicker: t('hero.eyebrow'), title: t('hero.title') };
  const legal = await getLegalPage(locale, path.replaceAll('/', '') as LegalPage);
  return { ...common, kicker: t('footer.legal'), title: legal.data.title };
}
