import { useId, useState, type KeyboardEvent, type RefObject, type SyntheticEvent } from "react";
import { flushSync } from "react-dom";
import { Avatar } from "../../ui/avatar";
import { SuggestionList } from "../../ui/suggestion-list";
import { useCurrentUser } from "../auth/use-current-user";
import { memberName, mentionHandles, useMembers } from "../members/use-members";

const SHOWN = 5;

/** The "@name" being typed just before the caret (a name may hold spaces, not a line break): where its "@" is, and the name so far. */
export function mentionBeforeCaret(text: string, caret: number): { at: number; query: string } | null {
  const match = /(?:^|\s)@([^@\n]{0,40})$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { at: caret - match[1].length - 1, query: match[1] };
}

/** Names starting with `query`, or with a word of it starting so: "bo" finds "Bo Brandt" and "Ann Bonnet". */
export function namesFor<T>(query: string, people: T[], nameOf: (person: T) => string): T[] {
  const typed = query.toLowerCase();
  return people
    .filter((person) => {
      const name = nameOf(person).toLowerCase();
      return (
        name.startsWith(typed) || (!typed.includes(" ") && name.split(/\s+/).some((word) => word.startsWith(typed)))
      );
    })
    .slice(0, SHOWN);
}

/**
 * "@" in a note: the teammates whose name starts with what follows it, to name them (the server tells each one named,
 * mentionsIn). ↑/↓ move, Enter or Tab picks (the text then holds "@Their Name ", or "@their@email " while a teammate has the same name), Escape lets the text be. `keyDown`
 * goes first in the textarea's handler and says whether it took the key; `fieldProps` go on the textarea.
 */
export function useMemberMention(
  textarea: RefObject<HTMLTextAreaElement | null>,
  text: string,
  setText: (text: string) => void,
) {
  const listId = useId();
  const members = useMembers().data ?? [];
  const handles = mentionHandles(members);
  const me = useCurrentUser().data?.id;
  const [caret, setCaret] = useState<number | null>(null);
  // Where the "@" left as text with Escape is, while it is still there.
  const [keptAt, setKeptAt] = useState<number | null>(null);
  const mention = caret === null ? null : mentionBeforeCaret(text, caret);
  const active = mention !== null && mention.at !== keptAt;
  const found = active
    ? namesFor(
        mention.query,
        members.filter((member) => member.userId !== me),
        memberName,
      )
    : [];
  const [highlight, setHighlight] = useState({ query: "", index: 0 });
  const current = Math.min(highlight.query === mention?.query ? highlight.index : 0, found.length - 1);
  const open = found.length > 0;

  const pick = (member: (typeof members)[number]) => {
    if (!mention || caret === null) return;
    const named = `@${handles.get(member.userId)} `;
    const next = text.slice(0, mention.at) + named + text.slice(caret);
    const at = mention.at + named.length;
    // The new text is rendered before this key's handler returns, and the caret put after the name at once: set on
    // a later frame, it moved back over what a fast typist typed meanwhile ("…Teammate aseple" for "please").
    flushSync(() => setText(next));
    textarea.current?.setSelectionRange(at, at);
    setCaret(at);
  };
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || event.metaKey || event.ctrlKey) return false;
    const move = (by: number) =>
      setHighlight({ query: mention!.query, index: (current + by + found.length) % found.length });
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(1),
      ArrowUp: () => move(-1),
      Enter: () => pick(found[current]!),
      Tab: () => pick(found[current]!),
      Escape: () => setKeptAt(mention!.at),
    };
    const action = keys[event.key];
    if (!action) return false;
    event.preventDefault();
    event.stopPropagation();
    action();
    return true;
  };
  const track = (event: SyntheticEvent<HTMLTextAreaElement>) => setCaret(event.currentTarget.selectionStart);
  // A textarea is a textbox: no combobox role, nor aria-expanded, but it may say that a list completes it.
  const fieldProps = {
    onSelect: track,
    "aria-autocomplete": "list" as const,
    "aria-controls": open ? listId : undefined,
    "aria-activedescendant": open ? `${listId}-${current}` : undefined,
  };
  const list = open ? (
    <SuggestionList
      id={listId}
      label="Mention a teammate"
      items={found.map((member) => ({
        key: member.userId,
        icon: <Avatar name={memberName(member)} photoUrl={member.photoUrl} className="size-5 text-[9px]" />,
        label: memberName(member),
        hint: member.displayName ? member.email : null,
      }))}
      current={current}
      onPick={(index) => pick(found[index]!)}
      className="shadow-lg"
      scrollIntoView
    />
  ) : null;
  return { keyDown, fieldProps, list };
}
