import { createTheme, darken, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#228be6', '#1c7ed6', '#1971c2', '#1864ab'];

// Breakpoints renamed so that md is the spec's ~768 px desktop/mobile switch.
export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  // AA contrast: white on brand-8 is 5.0:1 (on brand-7 only 4.2:1).
  primaryShade: 8,
  // Users who ask their system for less motion get none.
  respectReducedMotion: true,
  defaultRadius: 'md',
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: '700' },
  breakpoints: { xs: '30em', sm: '36em', md: '48em', lg: '62em', xl: '88em' },
  components: {
    Button: { defaultProps: { fw: 600 } },
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'md' } },
  },
});

/** The spec's desktop breakpoint (md, ~768 px) as a media query. */
export const DESKTOP_QUERY = '(min-width: 48em)';

/**
 * AA contrast (4.5:1) for the quieter texts: Mantine's dimmed grey (gray-6) is 3.3:1 on white,
 * gray-7 is 6.4:1. Light-variant labels (badges, light buttons) are shade 9 on shade 1 by default,
 * 3.8:1 for green; a darker shade 9 clears 4.5:1 for every palette colour.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': 'var(--mantine-color-brand-8)',
    ...Object.fromEntries(Object.entries(t.colors).map(([name, shades]) => [`--mantine-color-${name}-light-color`, darken(shades[9], 0.35)])),
  },
  // Issue 34, dark mode: the greys the screens use for quiet surfaces and texts (gray.0 page
  // backgrounds, gray.7 secondary text, gray.3 borders) become the dark palette's matching shades,
  // so every screen reads in both schemes without a second set of colours; texts stay at AA.
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-anchor': 'var(--mantine-color-brand-3)',
    '--mantine-color-gray-0': 'var(--mantine-color-dark-7)',
    '--mantine-color-gray-1': 'var(--mantine-color-dark-6)',
    '--mantine-color-gray-2': 'var(--mantine-color-dark-5)',
    '--mantine-color-gray-3': 'var(--mantine-color-dark-4)',
    '--mantine-color-gray-6': 'var(--mantine-color-dark-1)',
    '--mantine-color-gray-7': 'var(--mantine-color-dark-1)',
    '--mantine-color-gray-8': 'var(--mantine-color-dark-0)',
    '--mantine-color-gray-9': 'var(--mantine-color-dark-0)',
    // Mantine's own dark variants that read those greys keep their real values.
    '--mantine-color-gray-light-color': t.colors.gray[0],
    '--mantine-color-gray-filled': t.colors.gray[8],
    '--mantine-color-gray-filled-hover': t.colors.gray[9],
  },
});
