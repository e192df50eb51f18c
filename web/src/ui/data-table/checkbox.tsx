import { useEffect, useRef, type MouseEvent } from "react";

type CheckboxProps = {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onToggle: (event: MouseEvent<HTMLInputElement>) => void;
};

/** The row and header checkbox: native (keyboard and screen readers for free), primary-tinted. */
export function Checkbox({ checked, indeterminate = false, label, onToggle }: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      tabIndex={-1}
      aria-label={label}
      checked={checked}
      // The click carries shiftKey (range selection); onChange would not.
      onClick={(event) => {
        event.stopPropagation();
        onToggle(event);
      }}
      onChange={() => {}}
      className="size-3.5 cursor-pointer rounded-sm accent-primary"
    />
  );
}
