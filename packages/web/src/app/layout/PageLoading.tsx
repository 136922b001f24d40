import { Flex, Spin } from 'antd';

/** What shows while a page's code loads: takes the page's room so nothing jumps. */
export function PageLoading() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: 320 }}>
      <Spin size="large" />
    </Flex>
  );
}
