import type { Theme } from "../../lib/theme";

// A thumbnail must show its own theme whichever theme is active, so it names fixed colours
// (the values of the theme variables in styles.css) instead of the live theme classes.
const palettes: Record<Theme, { frame: string; sidebar: string; line: string; accent: string; card: string }> = {
  light: {
    frame: "bg-slate-50",
    sidebar: "bg-slate-100",
    line: "bg-slate-200",
    accent: "bg-blue-600",
    card: "bg-slate-50 ring-slate-200",
  },
  dark: {
    frame: "bg-slate-950",
    sidebar: "bg-slate-900",
    line: "bg-slate-700",
    accent: "bg-blue-500",
    card: "bg-slate-900 ring-slate-800",
  },
};

export function ThemeSwatch({ theme }: { theme: Theme }) {
  const p = palettes[theme];
  return (
    <span className={`flex h-20 overflow-hidden rounded-md border border-border ${p.frame}`} aria-hidden>
      <span className={`flex w-1/4 flex-col gap-1.5 p-2 ${p.sidebar}`}>
        <span className={`h-1.5 w-3/4 rounded-full ${p.accent}`} />
        <span className={`h-1.5 w-full rounded-full ${p.line}`} />
        <span className={`h-1.5 w-2/3 rounded-full ${p.line}`} />
      </span>
      <span className="flex flex-1 flex-col gap-1.5 p-2">
        <span className={`h-2 w-1/2 rounded-full ${p.line}`} />
        <span className={`flex-1 rounded ring-1 ${p.card}`} />
      </span>
    </span>
  );
}
