import type { ComponentProps, ReactNode } from "react";
import { formatDateTime } from "../../lib/format";
import { Badge } from "../../ui/badge";
import { ErrorState, Skeleton } from "../../ui/empty-state";
import { Sheet } from "../../ui/sheet";
import { memberName, useMembers } from "../members/use-members";
import { PanelSection, RecordFields, type RecordField } from "./record-fields";
import { RecordTimeline } from "./record-timeline";

export function LoadingLines({ count, label = "Loading" }: { count: number; label?: string }) {
  return (
    <div className="space-y-3" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="h-4 w-2/3" />
      ))}
    </div>
  );
}

export function TagList({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <Badge key={tag}>{tag}</Badge>
      ))}
    </span>
  );
}

type Owned = { ownerId: string | null; tags: string[]; createdAt: Date; updatedAt: Date };

/** Owner, tags, created and updated: the fields every record ends with. */
export function useCommonFields(record: Owned | undefined): RecordField[] {
  const members = useMembers();
  if (!record) return [];
  const owner = members.data?.find((m) => m.userId === record.ownerId);
  return [
    { label: "Owner", value: owner ? memberName(owner) : null },
    { label: "Tags", value: record.tags.length ? <TagList tags={record.tags} /> : null },
    { label: "Created", value: formatDateTime(record.createdAt) },
    { label: "Updated", value: formatDateTime(record.updatedAt) },
  ];
}

type RecordPanelProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  leading: ReactNode;
  /** The record's fields; null while it loads. */
  fields: RecordField[] | null;
  /** Under the fields in the Details section (custom properties). */
  extraFields?: ReactNode;
  /** Sections between Details and Timeline (related records, notes). */
  children?: ReactNode;
  /** The `get` query: its error replaces the timeline, with a retry. */
  query: { isError: boolean; error: { message: string } | null; refetch: () => unknown };
  timeline: Omit<ComponentProps<typeof RecordTimeline>, "items"> & {
    items: ComponentProps<typeof RecordTimeline>["items"];
  };
};

/** Every object's side panel: header, details, the object's own sections, then the timeline. */
export function RecordPanel({
  open,
  onClose,
  title,
  description,
  leading,
  fields,
  extraFields,
  children,
  query,
  timeline,
}: RecordPanelProps) {
  return (
    <Sheet
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={description || undefined}
      leading={leading}
      testId="record-panel"
    >
      <PanelSection title="Details">
        {fields ? (
          <>
            <RecordFields fields={fields} />
            {extraFields}
          </>
        ) : (
          <LoadingLines count={6} label={`Loading ${timeline.noun}`} />
        )}
      </PanelSection>
      {children}
      <PanelSection title="Timeline">
        {query.isError && !timeline.items ? (
          <ErrorState message={query.error?.message ?? "Could not load"} onRetry={() => void query.refetch()} />
        ) : (
          <RecordTimeline {...timeline} />
        )}
      </PanelSection>
    </Sheet>
  );
}
