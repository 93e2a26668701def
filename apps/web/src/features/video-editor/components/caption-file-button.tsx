import { useRef, type ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import { CAPTION_ACCEPT } from '../caption-languages.ts';

interface CaptionFileButtonProps {
  children: ReactNode;
  /** The name of the hidden file input (what tests and Playwright pick a file through). */
  inputLabel: string;
  onFile: (file: File) => void;
  disabled: boolean;
  loading?: boolean;
  buttonProps?: Omit<ButtonProps, 'onClick' | 'disabled' | 'loading' | 'type'>;
}

/** A button that opens the file chooser; the chosen file is handed over at once. */
export const CaptionFileButton = ({
  children,
  inputLabel,
  onFile,
  disabled,
  loading = false,
  buttonProps,
}: CaptionFileButtonProps) => {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={CAPTION_ACCEPT}
        aria-label={inputLabel}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Emptied, so that choosing the same file again (after fixing it) sends it again.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      {/* Inside the edit form: a plain button, never a submit. */}
      <Button
        type="button"
        {...buttonProps}
        disabled={disabled}
        loading={loading}
        onClick={() => input.current?.click()}
      >
        {children}
      </Button>
    </>
  );
};
