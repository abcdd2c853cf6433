import { forwardRef, useId, useState, type FormEvent, type KeyboardEvent } from "react";

interface ComposerProps {
  /** The text box's id (a skip link points at it); generated when left out. */
  id?: string;
  disabled: boolean;
  maxLength: number;
  onSend: (text: string) => void;
  /** When given, a Stop button replaces Send (while a turn runs). */
  onStop?: () => void;
}

/** The message box: Enter sends, Shift+Enter starts a new line. */
export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(function Composer(
  { id, disabled, maxLength, onSend, onStop },
  ref,
) {
  const [text, setText] = useState("");
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = useId();
  const canSend = !disabled && text.trim().length > 0;

  function submit() {
    if (!canSend) return;
    onSend(text);
    setText("");
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  const nearLimit = text.length > maxLength * 0.9;
  return (
    <form className="composer" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        Ask the archive
      </label>
      <textarea
        id={inputId}
        ref={ref}
        value={text}
        rows={2}
        maxLength={maxLength}
        placeholder="Ask for photographs, places, periods…"
        aria-describedby={hintId}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={hintId} className="composer-hint">
        Enter to send, Shift+Enter for a new line
        {nearLimit && ` · ${maxLength - text.length} characters left`}
      </p>
      {onStop ? (
        <button type="button" className="button" onClick={onStop}>
          Stop
        </button>
      ) : (
        <button type="submit" className="button button-primary" disabled={!canSend}>
          Send
        </button>
      )}
    </form>
  );
});
