import type { ThemeConfig } from 'antd';

/** A calm teal look, shared by every page. */
export const theme: ThemeConfig = {
  zeroRuntime: true,
  token: {
    colorPrimary: '#1f7a8c',
    colorInfo: '#1f7a8c',
    colorLink: '#1f7a8c',
    borderRadius: 6,
    colorBgLayout: '#f5f7f8',
  },
  components: {
    Layout: { headerBg: '#ffffff', headerPadding: '0 24px', headerHeight: 56 },
    Menu: { horizontalLineHeight: '54px' },
    Table: { headerBg: '#fafbfc' },
  },
};
