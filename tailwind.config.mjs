/** The site's colours: Tailwind's classes, and the mark and the social card drawn outside CSS (src/components/mark.ts). */
export const colors = {
  // "Rhine teal": the brand colour, tuned so 700 reaches 7:1 (WCAG AAA) on white and on ink-50, and
  // 300/400 pass on the dark surface.
  brand: {
    50: '#ecfeff',
    100: '#cff7fb',
    200: '#a2edf5',
    300: '#67dceb',
    400: '#2cc2d6',
    500: '#10a3bb',
    600: '#0c8299',
    700: '#0c5b6c',
    800: '#0a4a58',
    900: '#144857',
    950: '#082f3b',
  },
  // Warm accent: evening light on the river.
  ember: {
    300: '#fdba74',
    400: '#fb923c',
    500: '#f97316',
    600: '#c2410c',
    // Error text: 7:1 on white (WCAG AAA), like the rest of the site's text.
    700: '#9a3412',
    // Error text on the section's tint (ink-50): 7:1 there too.
    800: '#7c2d12',
  },
  ink: {
    50: '#f6f7f9',
    100: '#eceef2',
    200: '#d5dae2',
    300: '#b0b9c8',
    400: '#8592a8',
    500: '#5d6a82',
    600: '#495368',
    700: '#424b5e',
    800: '#2a303c',
    900: '#181c24',
    950: '#0e1117',
  },
};

/** @type {import('tailwindcss').Config} */
export default {
  // Tailwind's 57 `--tw-*` defaults go only on the elements whose utilities read them, not on every
  // element and its ::before and ::after: a restyle has fewer declarations to apply (a theme change
  // restyles about a tenth faster; opening a dialog, no measurably faster). Every route's computed styles, at
  // rest, focused, hovered and with a dialog open, are the same as with them everywhere (docs/quality.md,
  // How the site meets the budgets).
  experimental: { optimizeUniversalDefaults: true },
  // Hover styles only where a pointer hovers: a touch screen keeps the last tapped element :hover
  // until the next tap elsewhere, so the theme toggle would keep its hover circle and a team photo
  // its zoom after the tap (e2e/landing.spec.ts, on a phone). Tailwind 4 does this by default.
  future: { hoverOnlyWhenSupported: true },
  content: ['./src/**/*.{astro,html,js,jsx,md,mdx,ts,tsx}'],
  // The dark theme is for screens: paper, and a PDF saved from the print dialog, stay light whatever
  // the theme (global.css, print).
  darkMode: ['variant', '@media not print { &:is(.dark *) }'],
  theme: {
    extend: {
      // Each platform's own interface font, no web font: nothing to download before the text can
      // paint (npm run perf). Named before the generic families, because Linux resolves system-ui
      // to DejaVu Sans, which is wider than the layout is drawn for.
      fontFamily: {
        sans: [
          '-apple-system',
          'BlinkMacSystemFont',
          '"Segoe UI"',
          'Roboto',
          '"Helvetica Neue"',
          'Arial',
          '"Noto Sans"',
          '"Liberation Sans"',
          'system-ui',
          'sans-serif',
          '"Apple Color Emoji"',
          '"Segoe UI Emoji"',
        ],
      },
      colors,
      maxWidth: { prose: '68ch' },
    },
  },
  plugins: [],
};
