/** The home page's greeting at `hour` (0–23, local): after midnight is still the evening. */
export function greetingFor(hour: number): string {
  if (hour < 5) return "Good evening";
  if (hour < 12) return "Good morning";
  if (hour < 18) return "Good afternoon";
  return "Good evening";
}

export function firstName(user: { displayName: string | null; email: string }): string {
  const name = user.displayName?.trim();
  if (name) return name.split(/\s+/)[0];
  const local = user.email.split("@")[0] ?? "";
  return local ? local[0].toUpperCase() + local.slice(1) : "there";
}
