import { useState, type KeyboardEvent } from "react";
import { useRecordSearch } from "../../app/use-record-search";
import { SuggestionList } from "../../ui/suggestion-list";
import { recordIconOf } from "../records/record-icon";
import { mentionIn } from "./parse-quick-add";
import { type LinkableRecord, type LinkedRecord } from "./task-types";
import { foundRecords } from "../../app/found-records";
import { useFavoritesToPick } from "../favorites/use-favorites";

/** An "@" just typed, after a space or at the start, with nothing after it yet. */
const BARE_MENTION = /(?:^|\s)@$/;

/**
 * "@" in a task's quick add: contacts and companies found as the name after it is typed, to link the
 * new task to. ↑/↓ move, Enter or Tab picks, Escape lets the text be (`keptAt`: where its "@" is). `keyDown` is the input's handler
 * while the list shows; it says whether it took the key.
 */
export function useRecordMention(text: string, onPick: (record: LinkedRecord, textBefore: string) => void) {
  // A bare "@" offers the reader's favorites before a letter is typed.
  const bare = BARE_MENTION.test(text) ? { query: "", start: text.length - 1 } : null;
  const mention = mentionIn(text) ?? bare;
  const favorites = useFavoritesToPick();
  // Where the "@" left as text with Escape is, while it is still there.
  const [keptAtState, setKeptAt] = useState<number | null>(null);
  const keptAt = keptAtState !== null && text[keptAtState] === "@" ? keptAtState : null;
  const active = mention !== null && mention.start !== keptAt;
  const { query, found } = useRecordSearch(active ? mention.query : "", { limit: 5, minLength: 1 });
  const suggestions: LinkableRecord[] =
    active && bare
      ? favorites.map(({ recordObject, recordId, name, detail }) => ({
          object: recordObject,
          id: recordId,
          name,
          hint: detail,
        }))
      : foundRecords(active && query ? found.data : undefined);
  // The highlight belongs to the results it was moved in: new results start at the top.
  const [highlight, setHighlight] = useState({ query, index: 0 });
  const open = active && suggestions.length > 0;
  const current = Math.min(highlight.query === query ? highlight.index : 0, suggestions.length - 1);
  const setHighlighted = (index: number) => setHighlight({ query, index });

  const pick = (suggestion: LinkableRecord) => {
    if (!mention) return;
    onPick(suggestion, text.slice(0, mention.start));
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>): boolean => {
    if (!open) return false;
    // The list may still show what an earlier text found ("@ann lee" while "@ann lee tomorrow" is searched):
    // Enter then adds the task as typed, the mention read from the whole text, rather than pick from it.
    const stale = !bare && (found.isPlaceholderData || query !== mention?.query);
    if (event.key === "Enter" && stale) return false;
    const keys: Record<string, () => void> = {
      ArrowDown: () => setHighlighted((current + 1) % suggestions.length),
      ArrowUp: () => setHighlighted((current - 1 + suggestions.length) % suggestions.length),
      Enter: () => pick(suggestions[current]!),
      Tab: () => pick(suggestions[current]!),
      Escape: () => setKeptAt(mention?.start ?? null),
    };
    const action = keys[event.key];
    if (!action) return false;
    event.preventDefault();
    action();
    return true;
  };
  return { open, suggestions, current, pick, keyDown, keptAt, searching: active && found.isFetching };
}

/** The mention's suggestions, under the quick add. */
export function MentionList({
  id,
  suggestions,
  current,
  onPick,
}: {
  id: string;
  suggestions: LinkableRecord[];
  current: number;
  onPick: (suggestion: LinkableRecord) => void;
}) {
  return (
    <SuggestionList
      id={id}
      label="Link to a record"
      items={suggestions.map((suggestion) => {
        const Icon = recordIconOf(suggestion.object);
        return {
          key: `${suggestion.object}:${suggestion.id}`,
          icon: <Icon className="size-3.5 shrink-0 text-muted" aria-hidden />,
          label: suggestion.name,
          hint: suggestion.hint,
        };
      })}
      current={current}
      onPick={(index) => onPick(suggestions[index]!)}
      className="absolute top-full left-8 z-30 mt-1 w-80 shadow-xl"
    />
  );
}
