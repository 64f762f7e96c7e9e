import { useEffect, useRef, useState } from 'react';
import { copyText } from '../../clipboard';

export interface CopyButtonProps {
  text: string;
  label: string;
}

/**
 * Copies `text` (Pix "copia e cola", linha digitável) the way the promotion's coupon is copied (in the app, the
 * app copies: `COPY`); the label reads "Copiado!" for 2 s.
 */
export function CopyButton({ text, label }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = async () => {
    // Clipboard refused everywhere (permissions): the text stays selectable in the field next to the button.
    if (!(await copyText(text))) return;
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  };
  return (
    <button type="button" className="button button--ghost copy-button" onClick={() => void copy()} aria-live="polite">
      {copied ? 'Copiado!' : label}
    </button>
  );
}
