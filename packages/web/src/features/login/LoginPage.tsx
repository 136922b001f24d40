import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Flex, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useBootstrap } from '../../app/BootstrapContext';
import { usePageTitle } from '../../app/usePageTitle';
import { fetchLoginCsrfToken } from './authApi';
import { loginErrorMessage, safeNextPath } from './login';

/**
 * The login page: a real HTML form posted to `/login/`; the server answers with a redirect
 * (to `next` on success, back here with `?error=` otherwise). The form carries its CSRF token (login
 * CSRF): the one in the page's bootstrap data, or one asked from the server when the page has
 * none (the Vite dev server).
 */
export default function LoginPage() {
  usePageTitle('Log in');
  const { user, login_csrf_token: pageToken } = useBootstrap();
  const [params] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const [fetchedToken, setFetchedToken] = useState<string | null>(null);
  const csrfToken = pageToken ?? fetchedToken;

  useEffect(() => {
    if (user || pageToken) return;
    const controller = new AbortController();
    fetchLoginCsrfToken(controller.signal).then(setFetchedToken, () => undefined);
    return () => controller.abort();
  }, [user, pageToken]);

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
          {csrfToken ? <input type="hidden" name="csrf_token" value={csrfToken} /> : null}
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
