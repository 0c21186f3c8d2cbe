import { useId, useState } from 'react';
import { readImage } from '../lib/image';
import { FieldMessage } from './Field';

/** A JPEG/PNG picker that hands the image over as base64 (or null when cleared). */
export function ImageInput({
  label,
  serverMessage,
  onChange,
}: {
  label: string;
  serverMessage?: string | undefined;
  onChange: (image: { content: string; content_type: 'image/jpeg' | 'image/png' } | null) => void;
}) {
  const id = useId();
  const [message, setMessage] = useState<string | undefined>();
  const shown = message ?? serverMessage;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png"
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) {
            setMessage(undefined);
            onChange(null);
            return;
          }
          void readImage(file).then((result) => {
            setMessage(result.ok ? undefined : result.message);
            onChange(result.ok ? result.image : null);
          });
        }}
      />
      <FieldMessage id={`${id}-error`} message={shown} />
    </div>
  );
}
