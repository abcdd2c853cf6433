import type { Toast } from "./useToasts";

interface ToastsProps {
  toasts: Toast[];
  onDismiss: (id: number) => void;
}

/** Notifications in one polite live region; errors are alerts. */
export function Toasts({ toasts, onDismiss }: ToastsProps) {
  return (
    <div className="toasts" aria-live="polite" aria-label="Notifications" role="region">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast-${toast.kind}`}
          role={toast.kind === "error" ? "alert" : undefined}
          data-testid="toast"
        >
          <p className="toast-text">{toast.text}</p>
          {toast.action && (
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                onDismiss(toast.id);
                toast.action?.run();
              }}
            >
              {toast.action.label}
            </button>
          )}
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
