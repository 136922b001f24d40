import { theme as antdTheme } from 'antd';
import type { ThemeConfig } from 'antd';
import type { ColorScheme } from '@strata/core';

const PRIMARY = '#1f7a8c';
/** The primary colour as text on a dark surface (the primary itself is too dark to read there). */
const PRIMARY_TEXT_DARK = '#4db3c7';
/**
 * A link pointed at or pressed, in dark: lighter still (antd's dark algorithm derives darker
 * ones from the link colour, #2e5c65 when pointed at: hard to read on a dark surface).
 */
const LINK_HOVER_DARK = '#7fcbd9';
const LINK_ACTIVE_DARK = '#66bfcf';

/**
 * The page background of each scheme; index.html paints the same before the app draws (keep
 * them equal, or the first frame changes colour).
 */
export const LAYOUT_BACKGROUND: Record<ColorScheme, string> = {
  light: '#f5f7f8',
  dark: '#0e1113',
};

/** A calm teal look, shared by every page, in light or dark (antd's dark algorithm). */
export function antdThemeFor(scheme: ColorScheme): ThemeConfig {
  const dark = scheme === 'dark';
  return {
    zeroRuntime: true,
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: PRIMARY,
      colorInfo: PRIMARY,
      colorLink: dark ? PRIMARY_TEXT_DARK : PRIMARY,
      ...(dark ? { colorLinkHover: LINK_HOVER_DARK, colorLinkActive: LINK_ACTIVE_DARK } : {}),
      borderRadius: 6,
      colorBgLayout: LAYOUT_BACKGROUND[scheme],
    },
    components: {
      Layout: {
        headerBg: dark ? '#161b1e' : '#ffffff',
        headerPadding: '0 24px',
        headerHeight: 56,
      },
      Menu: {
        horizontalLineHeight: '54px',
        ...(dark
          ? {
              itemBg: 'transparent',
              itemSelectedColor: PRIMARY_TEXT_DARK,
              horizontalItemSelectedColor: PRIMARY_TEXT_DARK,
              subMenuItemSelectedColor: PRIMARY_TEXT_DARK,
              itemHoverColor: PRIMARY_TEXT_DARK,
              horizontalItemHoverColor: PRIMARY_TEXT_DARK,
            }
          : {}),
      },
      Tabs: dark
        ? {
            itemSelectedColor: PRIMARY_TEXT_DARK,
            itemHoverColor: PRIMARY_TEXT_DARK,
            itemActiveColor: PRIMARY_TEXT_DARK,
            inkBarColor: PRIMARY_TEXT_DARK,
          }
        : {},
      Table: dark ? {} : { headerBg: '#fafbfc' },
    },
  };
}
