import { Switch } from "../../ui/switch";

export function RequiredSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Switch
      checked={checked}
      onChange={onChange}
      label="Required"
      description="Records cannot be saved without a value."
    />
  );
}
