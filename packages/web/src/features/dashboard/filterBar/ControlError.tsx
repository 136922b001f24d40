/** The message under a filter control (the server's error, a validation message). */
import { Typography } from 'antd';

export function ControlError({ message }: { message: string }) {
  return (
    <Typography.Text
      type="danger"
      style={{ display: 'block', fontSize: 12, marginTop: 2 }}
      data-test="filter-control-error"
    >
      {message}
    </Typography.Text>
  );
}
