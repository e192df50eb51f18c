import { Link } from "react-router-dom";
import { RelativeTime } from "../../ui/relative-time";
import { Badge } from "../../ui/badge";
import { categoryMeta, statusMeta, type Feedback } from "./feedback-labels";
import { LinkedText } from "../../ui/linked-text";

export function FeedbackRow({ item, isMine }: { item: Feedback; isMine: boolean }) {
  const category = categoryMeta[item.category];
  const status = statusMeta[item.status];
  return (
    <li className="flex gap-3 px-4 py-3 hover:bg-surface" data-testid="feedback-row">
      <div className="w-16 shrink-0 pt-0.5">
        <Badge tone={category.tone}>{category.label}</Badge>
      </div>
      <div className="min-w-0 flex-1">
        <p className="text-[13px] break-words whitespace-pre-wrap text-foreground">
          <LinkedText text={item.text} />
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-xs text-muted">
          <span>{isMine ? "You" : "Teammate"}</span>
          <span aria-hidden>·</span>
          <span>
            from{" "}
            {item.page.startsWith("/") ? (
              <Link to={item.page} className="font-mono text-[11px] hover:text-primary hover:underline">
                {item.page}
              </Link>
            ) : (
              <span className="font-mono text-[11px]">{item.page}</span>
            )}
          </span>
          <span aria-hidden>·</span>
          <RelativeTime date={item.createdAt} />
        </p>
      </div>
      <div className="shrink-0 pt-0.5">
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
    </li>
  );
}
