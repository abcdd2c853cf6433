import {
  forwardRef,
  useId,
  useState,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
} from "react";

interface ComposerProps {
  /** The text box's id (a skip link points at it); generated when left out. */
  id?: string;
  disabled: boolean;
  maxLength: number;
  onSend: (text: string) => void;
  /** When given, a Stop button replaces Send (while a turn runs); the draft stays in the box. */
  onStop?: () => void;
}

/** A paste that would not fit: what was pasted, and where, until the person decides. */
interface Overflow {
  pasted: string;
  start: number;
  end: number;
}

/** The message box: Enter sends, Shift+Enter starts a new line; Escape stops a running turn. */
export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(function Composer(
  { id, disabled, maxLength, onSend, onStop },
  ref,
) {
  const [text, setText] = useState("");
  const [overflow, setOverflow] = useState<Overflow | null>(null);
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = useId();
  const canSend = !disabled && !onStop && text.trim().length > 0;

  function submit() {
    if (!canSend) return;
    onSend(text);
    setText("");
    setOverflow(null);
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

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const pasted = event.clipboardData.getData("text");
    const target = event.currentTarget;
    const room = maxLength - (text.length - (target.selectionEnd - target.selectionStart));
    if (pasted.length <= room) return;
    event.preventDefault(); // the browser would cut it silently at maxLength
    setOverflow({ pasted, start: target.selectionStart, end: target.selectionEnd });
  }

  function pasteWhatFits() {
    if (!overflow) return;
    const room = maxLength - (text.length - (overflow.end - overflow.start));
    const fitting = overflow.pasted.slice(0, Math.max(0, room));
    setText(text.slice(0, overflow.start) + fitting + text.slice(overflow.end));
    setOverflow(null);
  }

  const left = maxLength - text.length;
  return (
    <form className="composer" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        Ask the archive
      </label>
      <textarea
        id={inputId}
        ref={ref}
        value={text}
        rows={1}
        maxLength={maxLength}
        placeholder="Ask for photographs, places, periods…"
        aria-describedby={hintId}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
      />
      {/* Distinct keys: the Stop button must never turn into the submit button under the
          pointer or the Space key that pressed it (that sent the draft). */}
      {onStop ? (
        <button
          key="stop"
          type="button"
          className="button"
          onClick={(event) => {
            event.preventDefault();
            onStop();
          }}
        >
          Stop
        </button>
      ) : (
        <button key="send" type="submit" className="button button-primary" disabled={!canSend}>
          Send
        </button>
      )}
      <p id={hintId} className="composer-hint">
        <span className="key-hint">Enter to send, Shift+Enter for a new line</span>
        {onStop && <span className="key-hint"> · Escape to stop</span>}
        {left < maxLength * 0.1 && <span> · {left} characters left</span>}
      </p>
      {overflow && (
        <div className="paste-warning" role="alert" data-testid="paste-warning">
          <p>
            That text is {overflow.pasted.length.toLocaleString("en")} characters; a message holds{" "}
            {maxLength.toLocaleString("en")}. Paste the beginning, or shorten it first.
          </p>
          <button type="button" className="button" onClick={pasteWhatFits}>
            Paste the first {Math.max(0, maxLength - text.length).toLocaleString("en")}
          </button>
          <button type="button" className="button button-quiet" onClick={() => setOverflow(null)}>
            Cancel
          </button>
        </div>
      )}
    </form>
  );
});
