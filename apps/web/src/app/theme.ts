import { createTheme, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#228be6', '#1c7ed6', '#1971c2', '#1864ab'];

// Breakpoints renamed so that md is the spec's ~768 px desktop/mobile switch.
export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  primaryShade: 7,
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
