import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Button, Collapse, Result, Typography } from 'antd';
import { MESSAGES } from '@strata/core';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
  componentStack: string;
}

/** The panel shown when a page fails to render. */
export function ErrorPanel({
  error,
  details,
  onRetry,
}: {
  error: Error;
  details?: string;
  onRetry?: () => void;
}) {
  const stack = [error.stack, details].filter(Boolean).join('\n');
  return (
    <Result
      status="error"
      title={MESSAGES.unexpectedError}
      subTitle={error.message || MESSAGES.unknownError}
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry}>
            Try again
          </Button>
        ) : undefined
      }
    >
      {stack ? (
        <Collapse
          size="small"
          items={[
            {
              key: 'details',
              label: 'Details',
              children: (
                <Typography.Paragraph>
                  <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>{stack}</pre>
                </Typography.Paragraph>
              ),
            },
          ]}
        />
      ) : null}
    </Result>
  );
}

/** Catches render errors of a page and offers to try again. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, componentStack: '' };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ componentStack: info.componentStack ?? '' });
    console.error(error);
  }

  private readonly retry = () => {
    this.setState({ error: null, componentStack: '' });
  };

  override render(): ReactNode {
    if (this.state.error) {
      return (
        <ErrorPanel
          error={this.state.error}
          details={this.state.componentStack}
          onRetry={this.retry}
        />
      );
    }
    return this.props.children;
  }
}
