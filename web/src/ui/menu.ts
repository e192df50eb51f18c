/** A dropdown menu's item (Radix): highlighted on hover and keys, dimmed when disabled. */
export const menuItem =
  "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-[13px] text-foreground outline-none select-none data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[highlighted]:bg-surface-2";

/** A dropdown menu's panel; each menu adds its width (and a height limit where it can grow long). */
export const menuContent = "z-50 rounded-lg border border-border bg-background p-1 shadow-xl";

/** The line between a dropdown menu's groups of items. */
export const menuSeparator = "my-1 h-px bg-border";
