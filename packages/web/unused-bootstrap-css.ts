/**
 * Removes the rules of Bootstrap's style sheet that the app cannot use, in the build only.
 *
 * `bootstrap.min.css` is 232 KB (31 KB gzipped) and blocks the first paint of every page; most of it is
 * responsive utilities and components the app never renders. PurgeCSS keeps a rule when every class of its
 * selector is either written in the app's sources (index.html, src/) or kept by pattern:
 * - the whole family of each React Bootstrap component the app imports (`COMPONENT_FAMILIES`): the components
 *   compose their class names from a prefix (`${prefix}-dialog`) and from props (`variant="primary"` gives
 *   `btn-primary`, `md={6}` gives `col-md-6`), so no source spells them out;
 * - the states overlays and collapses toggle (`STATE_CLASSES`) and the theme colours of the background, text
 *   and border utilities that props such as `bg="dark"` compose (`THEME_COLOURS`).
 * Importing a component whose family is not in the table fails the check in `unused-bootstrap-css.test.ts`.
 * Other style sheets (the app's own, Leaflet's) pass through untouched.
 */
import path from 'node:path';
import purgeCss from '@fullhuman/postcss-purgecss';
import type { Plugin as PostcssPlugin } from 'postcss';

/**
 * The class families (Bootstrap's prefixes) each React Bootstrap component the app imports renders, by the
 * module name it is imported from (`react-bootstrap/<Name>`).
 */
export const COMPONENT_FAMILIES: Record<string, string[]> = {
  Alert: ['alert', 'btn-close'],
  Badge: ['badge'],
  Button: ['btn'],
  ButtonGroup: ['btn-group', 'btn-toolbar'],
  Card: ['card'],
  Col: ['col', 'offset', 'order'],
  Container: ['container'],
  Dropdown: ['dropdown', 'dropup', 'dropstart', 'dropend'],
  Form: ['form', 'col-form-label', 'valid', 'invalid', 'was-validated', 'is-valid', 'is-invalid'],
  InputGroup: ['input-group'],
  ListGroup: ['list-group'],
  Modal: ['modal', 'btn-close'],
  Nav: ['nav'],
  Navbar: ['navbar'],
  Overlay: [],
  OverlayTrigger: [],
  Pagination: ['pagination', 'page'],
  Popover: ['popover', 'bs-popover'],
  ProgressBar: ['progress'],
  Row: ['row', 'g', 'gx', 'gy'],
  Spinner: ['spinner', 'visually-hidden'],
  Tab: ['tab', 'nav'],
  Table: ['table'],
};

/** Classes React Bootstrap's transitions and overlays toggle at run time. */
const STATE_CLASSES = ['fade', 'show', 'showing', 'hiding', 'collapse', 'collapsing', 'active', 'disabled'];

/** Bootstrap's theme colours, as background, text and border utilities take them (`-subtle`, `-emphasis` included). */
const THEME_COLOURS = /^(bg|text|text-bg|border|link)-(primary|secondary|success|danger|warning|info|light|dark|white|black|body)(-|$)/;

/** A family's pattern: the prefix itself and every class that starts with it and a hyphen. */
const familyPattern = (family: string): RegExp => new RegExp(`^${family.replace(/-/g, '\\-')}(-|$)`);

/**
 * The PostCSS plugin Vite runs on every style sheet of the build; it purges Bootstrap's only.
 * @param root the web package's folder (its index.html and src/ are the app's sources).
 * @returns a PostCSS plugin.
 */
export function purgeUnusedBootstrap(root: string): PostcssPlugin {
  const families = [...new Set([...Object.values(COMPONENT_FAMILIES).flat(), ...STATE_CLASSES])];
  const purge = purgeCss({
    content: [path.join(root, 'index.html'), path.join(root, 'src/**/*.{ts,tsx}')],
    safelist: { standard: [...families.map(familyPattern), THEME_COLOURS] },
    // Bootstrap's custom properties are read by its rules and by the app's own style sheet, and its keyframes
    // by the spinners and progress bars: both stay.
    variables: false,
    keyframes: false,
    fontFace: false,
    // The plugin creator's type also admits a processor; it returns a plugin.
  }) as PostcssPlugin;
  return {
    postcssPlugin: 'loreforge-purge-unused-bootstrap',
    OnceExit(css, helpers) {
      const file = css.source?.input.file ?? '';
      if (!/[\\/]bootstrap[\\/]dist[\\/]css[\\/]/.test(file)) return undefined;
      return purge.OnceExit?.(css, helpers);
    },
  };
}
