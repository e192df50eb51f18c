import { cn } from "./cn";
import { LinkedText } from "./linked-text";
import { noteBlocks, type NoteBlock } from "./note-format";

/**
 * A note as it reads: its "- " and "1. " lists as lists, the rest as written (line breaks kept), each part with its
 * links, mentions and bold (LinkedText).
 */
export function NoteText({
  text,
  mentions,
  className,
}: {
  text: string;
  mentions?: readonly string[];
  className?: string;
}) {
  return (
    <div className={cn("break-words", className)}>
      {noteBlocks(text).map((block, i) =>
        block.kind === "text" ? (
          <p key={i} className="whitespace-pre-wrap">
            <LinkedText text={block.text} mentions={mentions} />
          </p>
        ) : (
          <ListBlock key={i} block={block} mentions={mentions} />
        ),
      )}
    </div>
  );
}

function ListBlock({ block, mentions }: { block: Exclude<NoteBlock, { kind: "text" }>; mentions?: readonly string[] }) {
  const items = block.items.map((item, i) => (
    <li key={i} className="pl-0.5">
      <LinkedText text={item} mentions={mentions} />
    </li>
  ));
  return block.kind === "bullets" ? (
    <ul className="my-0.5 list-disc pl-5">{items}</ul>
  ) : (
    <ol start={block.start} className="my-0.5 list-decimal pl-5">
      {items}
    </ol>
  );
}
