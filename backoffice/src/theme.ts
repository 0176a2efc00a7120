import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { tokenValue } from '@shop/shared/css';

/**
 * react-admin's Material UI theme in the shop's look: the colours, font and radius of @shop/shared's design tokens
 * (chosen for WCAG 2.1 AA contrast), and the focus ring every area uses.
 */
const color = (name: string) => tokenValue(`color-${name}`);

/** The id of the hidden text that names every spinner (layout/Layout.tsx renders it). */
export const loadingLabelId = 'bo-loading-label';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: color('primary'), dark: color('primary-dark'), contrastText: color('on-primary') },
    secondary: { main: color('ink'), contrastText: color('on-primary') },
    error: { main: color('alert') },
    warning: { main: color('warning') },
    success: { main: color('success') },
    info: { main: color('focus') },
    text: { primary: color('text'), secondary: color('muted') },
    background: { default: color('surface'), paper: color('bg') },
    divider: color('border'),
  },
  shape: { borderRadius: Number.parseInt(tokenValue('radius'), 10) },
  typography: {
    fontFamily: tokenValue('font'),
    h1: { fontSize: '1.75rem', fontWeight: 700 },
    h2: { fontSize: '1.375rem', fontWeight: 700 },
  },
  sidebar: { width: 240, closedWidth: 56 },
  components: {
    ...defaultTheme.components,
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: tokenValue('focus-ring'), outlineOffset: 2 } } },
    },
    // Every spinner (react-admin's loading indicator among them) is named by the layout's translated "loading".
    MuiCircularProgress: { defaultProps: { 'aria-labelledby': loadingLabelId } },
    // A read-only field's help keeps AA contrast (Material UI greys it out like a disabled control's).
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: color('muted') } } } },
    // Links inside tables and text keep the shop's link colour (AA on white and on the surface colour).
    MuiLink: { styleOverrides: { root: { color: color('primary-dark') } } },
  },
};
