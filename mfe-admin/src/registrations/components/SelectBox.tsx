/** A checkbox; `mixed` when some of what it stands for is chosen. */
export function SelectBox({
  label,
  checked,
  mixed = false,
  onChange,
  testId,
  id,
}: {
  label?: string;
  checked: boolean;
  mixed?: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
  id?: string;
}) {
  return (
    <input
      id={id}
      type="checkbox"
      className="adm-select-box"
      aria-label={label}
      checked={checked}
      ref={(el) => {
        if (el) el.indeterminate = mixed;
      }}
      onChange={(e) => onChange(e.target.checked)}
      data-testid={testId}
    />
  );
}
