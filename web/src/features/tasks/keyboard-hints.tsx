import { Kbd } from "../../ui/kbd";

const hints: [string[], string][] = [
  [["j", "k"], "move"],
  [["x"], "complete"],
  [["↵"], "edit"],
  [["o"], "open"],
  [["d"], "reschedule"],
  [["a"], "assign"],
  [["l"], "link"],
  [["⌫"], "delete"],
  [["c"], "add"],
  [["?"], "all shortcuts"],
];

export function KeyboardHints() {
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted" aria-label="Keyboard shortcuts">
      {hints.map(([keys, action]) => (
        <span key={action} className="inline-flex items-center gap-1">
          {keys.map((key) => (
            <Kbd key={key}>{key}</Kbd>
          ))}
          {action}
        </span>
      ))}
    </p>
  );
}
