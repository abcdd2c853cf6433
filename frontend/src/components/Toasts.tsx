import type { Toast } from "./useToasts";

interface ToastsProps {
  toasts: Toast[];
  onDismiss: (id: number) => void;
}

/** Failures as alerts, each with a dismiss button; they stay until dismissed or replaced. */
export function Toasts({ toasts, onDismiss }: ToastsProps) {
  return (
    <div className="toasts" aria-label="Notifications" role="region">
      {toasts.map((toast) => (
        <div key={toast.id} className="toast toast-error" role="alert" data-testid="toast">
          <p className="toast-text">{toast.text}</p>
          <button
            type="button"
            className="button button-quiet"
            aria-label={`Dismiss: ${toast.text}`}
            onClick={() => onDismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
