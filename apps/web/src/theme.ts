import { theme, type ThemeConfig } from 'antd';

/** The dark trading palette; green is up and red is down everywhere. */
export const palette = {
  bg: '#0b0e11',
  surface: '#161a1e',
  raised: '#1e2329',
  border: '#2b3139',
  text: '#eaecef',
  muted: '#848e9c',
  up: '#0ecb81',
  down: '#f6465d',
  accent: '#f0b90b',
};

/** antd's own system font stack, for the whole page (not only inside antd's components). */
const fontFamily = `-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'`;

export const antdTheme: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: palette.accent,
    colorLink: palette.accent,
    colorSuccess: palette.up,
    colorError: palette.down,
    colorBgBase: palette.bg,
    colorBgLayout: palette.bg,
    colorBgContainer: palette.surface,
    colorBgElevated: palette.raised,
    colorBorder: palette.border,
    colorBorderSecondary: palette.border,
    colorText: palette.text,
    colorTextSecondary: palette.muted,
    // antd derives hints and empty states' texts a shade below 4.5:1 on the panels
    colorTextDescription: palette.muted,
    fontFamily,
    fontSize: 14,
    borderRadius: 4,
  },
  // Gold buttons need dark text to stay legible.
  components: { Button: { primaryColor: palette.bg } },
  // the styles are made at build time with this theme (vite.antd-styles.ts): plain class names
  // and a fixed variables class, so the built CSS matches what the components render
  hashed: false,
  cssVar: { key: 'tm' },
};

/**
 * The palette (and the font) as --tm-<name> CSS variables, so colours live in one place: the build
 * writes them on index.html's root element, so even the page before any script is dark.
 */
export function paletteVariables(): string {
  return [...Object.entries(palette), ['font', fontFamily]].map(([name, value]) => `--tm-${name}: ${value}`).join('; ');
}
