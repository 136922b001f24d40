import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

function HomeButton() {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => void navigate('/')}>
      Home
    </Button>
  );
}

/** The 404 page. */
export function NotFound() {
  return (
    <Result
      status="404"
      title="404"
      subTitle="Sorry, the page you visited does not exist."
      extra={<HomeButton />}
    />
  );
}

/** The 403 page, for pages the user may not open. */
export function Forbidden() {
  return (
    <Result
      status="403"
      title="403"
      subTitle="Sorry, you are not authorized to access this page."
      extra={<HomeButton />}
    />
  );
}
