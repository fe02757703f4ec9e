import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

type Kind = 'success' | 'error' | 'warning' | 'info';
/** A text, or a text with a key: a toast with the key of one still shown replaces it. */
export type ToastContent = string | { content: string; key: string };
/** Short notices above the page, one function per kind. */
export type Toast = Record<Kind, (content: ToastContent) => void>;

interface Note {
  key: string;
  kind: Kind;
  text: string;
}

// as long as antd's message showed them
const SHOWN_MS = 3000;
const ICONS: Record<Kind, ReactNode> = {
  success: <CheckCircleFilled aria-hidden />,
  error: <CloseCircleFilled aria-hidden />,
  warning: <ExclamationCircleFilled aria-hidden />,
  info: <InfoCircleFilled aria-hidden />,
};

const ToastContext = createContext<Toast | null>(null);

/** The toasts of a page: what a call answered, what a copy did. */
export function useToast(): Toast {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast needs a ToastProvider above it');
  return toast;
}

/**
 * Shows the toasts asked for below it. Its own few lines rather than antd's App and message, whose
 * notification and modal machinery would be in every page's first load for a text on a timer.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [notes, setNotes] = useState<Note[]>([]);
  // made once, with the timers of the toasts it shows
  const [{ toast, timers }] = useState(() => {
    const timers = new Map<string, number>();
    let count = 0;
    const show = (kind: Kind) => (content: ToastContent) => {
      const { content: text, key = `toast-${count++}` } = typeof content === 'string' ? { content } : content;
      const note = { key, kind, text };
      setNotes((shown) => (shown.some((n) => n.key === key) ? shown.map((n) => (n.key === key ? note : n)) : [...shown, note]));
      window.clearTimeout(timers.get(key));
      timers.set(
        key,
        window.setTimeout(() => {
          timers.delete(key);
          setNotes((shown) => shown.filter((n) => n.key !== key));
        }, SHOWN_MS),
      );
    };
    const toast: Toast = { success: show('success'), error: show('error'), warning: show('warning'), info: show('info') };
    return { toast, timers };
  });
  useEffect(() => () => timers.forEach((timer) => window.clearTimeout(timer)), [timers]);

  return (
    <ToastContext.Provider value={toast}>
      {children}
      {/* a live region from the first render on, so what appears in it is read out */}
      <div className="tm-toasts" role="status">
        {notes.map(({ key, kind, text }) => (
          <div key={key} className={`tm-toast tm-toast-${kind}`} role={kind === 'error' ? 'alert' : undefined}>
            {ICONS[kind]}
            <span>{text}</span>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
