import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { App } from 'antd';

export interface Toasts {
  addSuccessToast(text: string): void;
  addInfoToast(text: string): void;
  addWarningToast(text: string): void;
  addDangerToast(text: string): void;
}

const fallback: Toasts = {
  addSuccessToast: () => undefined,
  addInfoToast: () => undefined,
  addWarningToast: (text) => console.warn(text),
  addDangerToast: (text) => console.error(text),
};

const ToastContext = createContext<Toasts>(fallback);

/** Seconds a toast stays: errors stay longer so they can be read. */
const DURATION = { success: 3, info: 3, warning: 6, danger: 8 } as const;

/** Provides the toast helpers; must sit inside antd's `<App>`. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { message } = App.useApp();
  const toasts = useMemo<Toasts>(
    () => ({
      addSuccessToast: (text) =>
        void message.success({ content: text, duration: DURATION.success }),
      addInfoToast: (text) => void message.info({ content: text, duration: DURATION.info }),
      addWarningToast: (text) =>
        void message.warning({ content: text, duration: DURATION.warning }),
      addDangerToast: (text) => void message.error({ content: text, duration: DURATION.danger }),
    }),
    [message],
  );
  return <ToastContext.Provider value={toasts}>{children}</ToastContext.Provider>;
}

/** addSuccessToast / addDangerToast / … */
export function useToasts(): Toasts {
  return useContext(ToastContext);
}
