import { useEffect, useRef } from 'react';

/** A native checkbox that can show "some selected" (indeterminate), which has no attribute. */
export function SelectionCheckbox(props: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onChange: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = props.indeterminate ?? false;
  }, [props.indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="data-table__check"
      checked={props.checked}
      aria-label={props.label}
      onChange={props.onChange}
    />
  );
}
