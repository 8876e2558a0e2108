import { createTheme, Loader, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // shade 8: white text on it meets WCAG AA contrast (shade 6 does not)
  primaryShade: { light: 8, dark: 8 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans KR", "Noto Sans CJK KR", "Apple SD Gothic Neo", "Malgun Gothic", sans-serif',
  defaultRadius: 'sm',
  components: {
    // a loader is a <span>: its aria-label ('Loading…') needs a role to be allowed (axe aria-prohibited-attr)
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
  },
});

/** Colours of "light" buttons, badges and alerts: their text is darkened below. */
const LIGHT_VARIANT_COLORS = ['blue', 'red', 'orange', 'green', 'teal'];

/**
 * AA contrast (4.5:1) in the light scheme: dimmed text one shade darker than Mantine's default; the
 * error colour of fields (message, text, border) at red 9 instead of red 6 (3.3:1 on white); and the
 * text of "light" variants shade 9 darkened by 20 %, because shade 9 on the hover background
 * (shade 2) is only 4.0:1 (blue) and 3.8:1 (red), which axe reports on a hovered button.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      LIGHT_VARIANT_COLORS.map((c) => [`--mantine-color-${c}-light-color`, `color-mix(in srgb, var(--mantine-color-${c}-9), black 20%)`]),
    ),
  },
  dark: {},
});
