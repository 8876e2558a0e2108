import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // shade 8: white text on it meets WCAG AA contrast (shade 6 does not)
  primaryShade: { light: 8, dark: 8 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans KR", "Noto Sans CJK KR", "Apple SD Gothic Neo", "Malgun Gothic", sans-serif',
  defaultRadius: 'sm',
});

/**
 * Dimmed text one shade darker than Mantine's default, and the error text (field messages, invalid
 * input values) in red 9 instead of red 6 (3.7:1 on white), for AA contrast on light backgrounds.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
