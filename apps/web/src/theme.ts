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
    fontSize: 14,
    borderRadius: 4,
  },
  // Gold buttons need dark text to stay legible.
  components: { Button: { primaryColor: palette.bg } },
};

/** Exposes the palette to plain CSS as --tm-<name> variables, so colours live in one place. */
export function applyPalette(root: HTMLElement): void {
  for (const [name, value] of Object.entries(palette)) root.style.setProperty(`--tm-${name}`, value);
}
