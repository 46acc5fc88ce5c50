/**
 * The picture a shared link shows (Open Graph, X): one per page and language, drawn at build time
 * from the page's title in the agency's look. satori lays the card out and turns its text into
 * shapes with Inter from node_modules (no network, no system font), sharp writes a JPEG: smooth
 * gradients at under half a full-colour PNG's size, without the slow palette quantising a PNG of
 * that size would need. Its size and address are the pages' (src/routes.ts).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import satori from 'satori';
import sharp from 'sharp';
import { colors } from '../../tailwind.config.mjs';
import { mark } from '../components/mark';
import { getAgency, getLegalPage } from '../content/queries';
import { localeInfo, type Locale } from '../i18n/locales';
import { getTranslator } from '../i18n/translate';
import { SOCIAL_CARD, type LegalPage } from '../routes';

/** Sharp type and smooth gradients, at about 60 KB a card (mozjpeg would save 7% at 80 times the time). */
const CARD_JPEG_QUALITY = 90;

export interface SocialCard {
  locale: Locale;
  /** The agency's name, beside its mark. */
  name: string;
  /** A short line above the title. */
  kicker: string;
  title: string;
  /** The site's address without its scheme. */
  host: string;
}

/** What the card of a page says: the page's own title in its language, as its heading shows it. */
export async function socialCardOf(locale: Locale, path: string): Promise<SocialCard> {
  const t = getTranslator(locale);
  const agency = await getAgency();
  const common = { locale, name: agency.name, host: new URL(agency.siteUrl).host };
  if (path === '/') return { ...common, kicker: t('hero.eyebrow'), title: t('hero.title') };
  const legal = await getLegalPage(locale, path.replaceAll('/', '') as LegalPage);
  return { ...common, kicker: t('footer.legal'), title: legal.data.title };
}

const fontDir = createRequire(import.meta.url)
  .resolve('@fontsource/inter/package.json')
  .replace(/package\.json$/, '');
const interWeights = [500, 700, 800] as const;
let fonts: Promise<{ name: string; data: Buffer; weight: (typeof interWeights)[number] }[]> | undefined;
const loadFonts = () =>
  (fonts ??= Promise.all(
    interWeights.map(async (weight) => ({
      name: 'Inter',
      weight,
      data: await readFile(`${fontDir}files/inter-latin-${weight}-normal.woff`),
    })),
  ));

/** A title's size: as large as its longest word allows on the card's text width. */
const TITLE_WIDTH = 860;
const TITLE_MAX_PX = 76;
/** Inter ExtraBold's widest words run to about 0.62 em a letter. */
const EM_PER_LETTER = 0.62;
const titleSize = (title: string) =>
  Math.min(
    TITLE_MAX_PX,
    Math.floor(TITLE_WIDTH / (Math.max(...title.split(/\s+/).map((word) => word.length)) * EM_PER_LETTER)),
  );

const { brand, ember } = colors;
const white = '#ffffff';
const WAVES_HEIGHT = 200;
const SUN = { left: 940, top: 70, size: 170, glow: 110 };

function Card({ locale, name, kicker, title, host }: SocialCard) {
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        padding: '64px 80px',
        fontFamily: 'Inter',
        color: white,
        backgroundImage: `linear-gradient(135deg, ${brand[950]} 0%, ${brand[700]} 60%, ${brand[500]} 100%)`,
      }}
    >
      {/* The evening sun and its glow: a radial gradient, which costs the rasteriser far less time
          than a blurred shadow. The glow is the sun's colour at half and at no opacity (#rrggbbaa). */}
      <div
        style={{
          position: 'absolute',
          left: SUN.left - SUN.glow,
          top: SUN.top - SUN.glow,
          width: SUN.size + 2 * SUN.glow,
          height: SUN.size + 2 * SUN.glow,
          backgroundImage: `radial-gradient(circle, ${ember[400]}80 30%, ${ember[400]}00 70%)`,
        }}
      />
      <div
        style={{
          position: 'absolute',
          left: SUN.left,
          top: SUN.top,
          width: SUN.size,
          height: SUN.size,
          borderRadius: SUN.size / 2,
          backgroundColor: ember[400],
        }}
      />
      <svg
        width={SOCIAL_CARD.width}
        height={WAVES_HEIGHT}
        viewBox="0 0 1200 260"
        preserveAspectRatio="none"
        style={{ position: 'absolute', left: 0, top: SOCIAL_CARD.height - WAVES_HEIGHT }}
      >
        <path
          d="M0 90c150 0 150-40 300-40s150 40 300 40 150-40 300-40 150 40 300 40v170H0z"
          fill={brand[600]}
          fillOpacity={0.65}
        />
        <path
          d="M0 150c150 0 150-32 300-32s150 32 300 32 150-32 300-32 150 32 300 32v110H0z"
          fill={brand[700]}
          fillOpacity={0.9}
        />
        <path d="M0 205c150 0 150-24 300-24s150 24 300 24 150-24 300-24 150 24 300 24v55H0z" fill={brand[950]} />
      </svg>
      <div style={{ display: 'flex', alignItems: 'center', gap: 20, fontSize: 34, fontWeight: 700 }}>
        {/* The mark on a white tile, its waves in the brand colour. */}
        <svg width={64} height={64} viewBox="0 0 32 32">
          <rect {...mark.tile} fill={white} />
          <circle {...mark.sun} fill={ember[400]} />
          {mark.waves.map((d, far) => (
            <path
              key={d}
              d={d}
              fill="none"
              stroke={brand[700]}
              strokeOpacity={far ? mark.farWaveOpacity : 1}
              strokeWidth={mark.stroke['stroke-width']}
              strokeLinecap={mark.stroke['stroke-linecap']}
            />
          ))}
        </svg>
        {name}
      </div>
      <div
        style={{
          marginTop: 64,
          fontSize: 26,
          fontWeight: 700,
          letterSpacing: 3,
          textTransform: 'uppercase',
          color: brand[200],
        }}
      >
        {kicker}
      </div>
      <div
        style={{
          marginTop: 16,
          width: TITLE_WIDTH,
          fontSize: titleSize(title),
          fontWeight: 800,
          lineHeight: 1.06,
          letterSpacing: -2,
        }}
      >
        {title}
      </div>
      <div style={{ position: 'absolute', left: 80, top: 560, fontSize: 24, fontWeight: 500, color: brand[100] }}>
        {`${localeInfo[locale].name} · ${host}`}
      </div>
    </div>
  );
}

/** The card as a JPEG. */
export async function renderSocialCard(content: SocialCard): Promise<Buffer> {
  const svg = await satori(<Card {...content} />, { ...SOCIAL_CARD, fonts: await loadFonts() });
  return sharp(Buffer.from(svg)).jpeg({ quality: CARD_JPEG_QUALITY }).toBuffer();
}
