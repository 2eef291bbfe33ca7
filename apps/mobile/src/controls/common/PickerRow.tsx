import type { ReactNode } from 'react';

/**
 * The tappable line a picker-like editor shows (a date, a choice, a person): its text or the
 * placeholder, and an arrow; a tap opens the editor's popup. A real button, so it is reached and
 * pressed as one.
 */
export function PickerRow({ text, placeholder, disabled, onOpen, extra, testId }: {
  text: string;
  placeholder: string;
  disabled: boolean;
  onOpen(): void;
  extra?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="m-picker-row">
      <button type="button" className="m-picker-button" disabled={disabled} onClick={onOpen} data-testid={testId}>
        <span className={text ? 'm-picker-text' : 'm-picker-placeholder'}>{text || placeholder}</span>
        {!disabled && <span className="m-picker-arrow" aria-hidden>›</span>}
      </button>
      {extra}
    </div>
  );
}
