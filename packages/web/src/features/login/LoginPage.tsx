import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Flex, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useCurrentUser } from '../../app/BootstrapContext';
import { usePageTitle } from '../../app/usePageTitle';
import { loginErrorMessage, safeNextPath } from './login';

/**
 * The login page: a real HTML form posted to `/login/`; the server answers with a redirect
 * (to `next` on success, back here with `?error=` otherwise).
 */
export default function LoginPage() {
  usePageTitle('Log in');
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    // Coming back to this page from the history cache: the form is not being sent any more.
    const reset = () => setSubmitting(false);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  if (user) return <Navigate to="/" replace />;

  const error = loginErrorMessage(params.get('error'));
  const next = safeNextPath(params.get('next'));

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Card style={{ width: 380, maxWidth: '100%' }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          Log in to Strata
        </Typography.Title>
        {error ? (
          <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />
        ) : null}
        <form method="post" action="/login/" onSubmit={() => setSubmitting(true)}>
          {next ? <input type="hidden" name="next" value={next} /> : null}
          <Flex vertical gap={16}>
            <Flex vertical gap={4}>
              <label htmlFor="username">Username</label>
              <Input
                id="username"
                name="username"
                autoComplete="username"
                autoFocus
                required
                prefix={<UserOutlined />}
              />
            </Flex>
            <Flex vertical gap={4}>
              <label htmlFor="password">Password</label>
              <Input.Password
                id="password"
                name="password"
                autoComplete="current-password"
                required
                prefix={<LockOutlined />}
              />
            </Flex>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              Sign in
            </Button>
          </Flex>
        </form>
      </Card>
    </Flex>
  );
}
