import * as Dropdown from "@radix-ui/react-dropdown-menu";
import {
  Check,
  ChevronDown,
  ChevronUp,
  Link2,
  MoreHorizontal,
  Star,
  StarOff,
  Trash,
  type LucideIcon,
} from "lucide-react";
import { useEffect, type ComponentProps, type ReactNode } from "react";
import { recordPath, rememberRecent } from "../../app/recent-records";
import { useOfferRecordCommands, useRecordCommandKeys, type RecordCommand } from "../../app/record-commands";
import { FavoriteButton, useFavoriteToggle } from "../favorites/favorite-button";
import { toast, toastError } from "../../lib/toast";
import { isPageKey } from "../../lib/typing";
import { formatDateTime } from "../../lib/format";
import { useCopy } from "../../lib/use-copy";
import { useCurrentUser } from "../auth/use-current-user";
import { carriesFields, type DataTableColumn, type EditCell } from "../../ui/data-table";
import { cn } from "../../ui/cn";
import { ErrorState, Skeleton } from "../../ui/empty-state";
import { menuContent, menuItem } from "../../ui/menu";
import { Sheet } from "../../ui/sheet";
import { TaskQueueStrip } from "../tasks/task-queue-strip";
import { PossibleDuplicates } from "./possible-duplicates";
import { PanelSection } from "./record-fields";
import { RecordTimeline } from "./record-timeline";
import { useBulkUpdate } from "./use-record-actions";
import type { RecordStepping } from "./use-record-stepping";

export function LoadingLines({ count, label = "Loading" }: { count: number; label?: string }) {
  return (
    <div className="space-y-3" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="h-4 w-2/3" />
      ))}
    </div>
  );
}

type Timestamped = { createdAt: Date; updatedAt: Date };

/** Created and Updated, read-only: the fields every record's details end with. */
export function timestampFields<Row extends Timestamped>(): DataTableColumn<Row>[] {
  return [
    { id: "createdAt", header: "Created", fields: ["createdAt"], cell: (row) => formatDateTime(row.createdAt) },
    { id: "updatedAt", header: "Updated", fields: ["updatedAt"], cell: (row) => formatDateTime(row.updatedAt) },
  ];
}

/** The columns named by `ids`, in that order: the table's columns are the panel's fields. */
export function pickFields<Row>(columns: DataTableColumn<Row>[], ids: string[]): DataTableColumn<Row>[] {
  return ids.flatMap((id) => columns.filter((column) => column.id === id));
}

/**
 * The record the panel's fields show: the one `get` read, else the table's row when it carries
 * every field they show (a table reads only its visible columns' fields), so no field shows a blank.
 */
export function panelRecord<Row extends object>(
  read: Row | undefined,
  row: Row | undefined,
  fields: DataTableColumn<Row>[],
): Row | undefined {
  if (read || !row) return read;
  return fields.every((field) => carriesFields(row, field)) ? row : undefined;
}

/** What a list page gives its object's panel (ContactPanel, CompanyPanel): the record's `Row` and what it does with it. */
export type ObjectPanelProps<Row> = {
  /** The list's copy, so the header shows at once while the full record loads. */
  preview: Row | undefined;
  onClose: () => void;
  /** Saves a field edited in the panel: the table's inline edit, so both stay in step. */
  onEdit: EditCell<Row>;
  /** Puts a field's earlier value back, from a change in the timeline. */
  onRestore: (row: Row, field: string, value: unknown) => Promise<unknown>;
  /** Moves the record to the trash. */
  onDelete: () => void;
  stepping: RecordStepping | null;
};

type RecordPanelProps = {
  open: boolean;
  /** The record shown: its address (its page with `?open=<id>`) is copied by "Copy link", and it is listed
   * among the palette's recent records once its name is known (`name`). */
  /** The record once known: `name` and `ownerId` are left out while it loads. */
  record: { object: "contact" | "company"; id: string; name: string | null; ownerId?: string | null } | null;
  onClose: () => void;
  title: string;
  description?: string;
  leading: ReactNode;
  /** The Details section (fields, then custom properties: RecordDetails, which shows their labels while it loads). */
  details: ReactNode;
  /** Sections between Details and Timeline (related records, notes). */
  children?: ReactNode;
  /** The `get` query: its error replaces the timeline, with a retry. */
  query: { isError: boolean; error: { message: string } | null; refetch: () => unknown };
  /** Moves the record to the trash (the toast offers Undo); the panel closes. */
  onDelete?: () => void;
  /** The records before and after this one in the list beside it; null when it is not in the list. */
  stepping?: RecordStepping | null;
  timeline: Omit<ComponentProps<typeof RecordTimeline>, "items"> & {
    items: ComponentProps<typeof RecordTimeline>["items"];
  };
};

/** How long a record stays open before the palette lists it among the recent ones. */
const RECENT_AFTER_MS = 500;

/** Every object's side panel: header, details, the object's own sections, then the timeline. */
export function RecordPanel({
  open,
  record,
  onClose,
  title,
  description,
  leading,
  details,
  children,
  query,
  timeline,
  onDelete,
  stepping,
}: RecordPanelProps) {
  const link = record && recordPath(record);
  const user = useCurrentUser().data?.id;
  const { object, id, name } = record ?? {};
  // Listed once it has stayed open a moment: arrow keys passing through rows with the panel open do
  // not fill the list with every row they passed.
  useEffect(() => {
    if (!user || !object || !id || !name) return;
    const timer = setTimeout(
      () => rememberRecent(user, { object, id, name, detail: description || null }),
      RECENT_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [user, object, id, name, description]);
  const copyLink = useCopy(
    link ? new URL(link, window.location.origin).href : "",
    "Link copied.",
    "Could not copy the link. Copy it from the address bar instead.",
  );
  const assign = useBulkUpdate(object ?? "contact");
  const star = useFavoriteToggle(
    object && id && name ? { recordObject: object, recordId: id, name, detail: description || null } : null,
  );
  // What the header's buttons do (on a phone, from its "More" menu), offered in the palette too.
  const headerActions: (PanelAction & Pick<RecordCommand, "keywords" | "key">)[] = [
    ...(star.toggle
      ? [
          {
            label: star.favorite ? "Remove from favorites" : "Add to favorites",
            keywords: "favorite star sidebar pin",
            key: "f",
            icon: star.favorite ? StarOff : Star,
            run: star.toggle,
          },
        ]
      : []),
    { label: "Copy link", keywords: "share url address", icon: Link2, run: () => void copyLink.copy() },
    ...(onDelete ? [{ label: "Move to the trash", keywords: "delete remove trash", icon: Trash, run: onDelete }] : []),
  ];
  // The palette's actions on this record (ctrl/cmd+k while it is open).
  const mine = record?.ownerId !== undefined && record.ownerId === user;
  useOfferRecordCommands({ active: Boolean(open && id && name), name, order: 0 }, [
    ...(mine
      ? []
      : [
          {
            label: "Assign to me",
            keywords: "owner assign mine",
            run: () => {
              if (!id || !user) return;
              assign([id], { type: "assign", ownerId: user }).then(
                () => toast.success(`Assigned “${name}” to you.`),
                (error: unknown) => toastError(error, `Could not assign “${name}”`),
              );
            },
          },
        ]),
    ...headerActions,
  ]);
  useStepKeys(open ? stepping : null);
  useRecordCommandKeys();
  return (
    <Sheet
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={description || undefined}
      leading={leading}
      toolbar
      toolbarStart={stepping && <Stepper stepping={stepping} noun={timeline.noun} />}
      actions={
        link && (
          <>
            <FavoriteButton {...star} className={cn(headerButton, wideEnough)} />
            <CopyLinkButton copy={copyLink} noun={timeline.noun} className={cn(headerButton, wideEnough)} />
            {onDelete && (
              <button
                type="button"
                onClick={onDelete}
                aria-label={`Move this ${timeline.noun} to the trash`}
                title="Move to the trash"
                className={cn(headerButton, wideEnough)}
              >
                <Trash className="size-4" aria-hidden />
              </button>
            )}
            <PhoneMoreMenu items={headerActions} />
          </>
        )
      }
      testId="record-panel"
    >
      {record && <TaskQueueStrip recordId={record.id} />}
      {record && <PossibleDuplicates object={record.object} id={record.id} name={title} />}
      <PanelSection title="Details">{details}</PanelSection>
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

const headerButton = "rounded-md p-1 text-muted hover:bg-surface-2 hover:text-foreground";
/** On a phone these buttons are in the toolbar's "More" menu, which keeps it to a few buttons. */
const wideEnough = "hidden sm:block";

type PanelAction = { label: string; icon: LucideIcon; run: () => void };

/** A phone's one button for the header's star, link and trash. */
function PhoneMoreMenu({ items }: { items: PanelAction[] }) {
  return (
    <Dropdown.Root>
      <Dropdown.Trigger aria-label="More" title="More" className={cn(headerButton, "sm:hidden")}>
        <MoreHorizontal className="size-4" aria-hidden />
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content align="end" sideOffset={4} className={`${menuContent} w-56`}>
          {items.map(({ label, icon: Icon, run }) => (
            <Dropdown.Item key={label} className={menuItem} onSelect={run}>
              <Icon className="size-4 text-muted" aria-hidden /> {label}
            </Dropdown.Item>
          ))}
        </Dropdown.Content>
      </Dropdown.Portal>
    </Dropdown.Root>
  );
}

/** Copies the record's address, for a teammate or a note elsewhere. */
function CopyLinkButton({
  copy: { copied, copy },
  noun,
  className,
}: {
  copy: ReturnType<typeof useCopy>;
  noun: string;
  className: string;
}) {
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={`Copy a link to this ${noun}`}
      title="Copy link"
      className={className}
    >
      {copied ? <Check className="size-4 text-success" aria-hidden /> : <Link2 className="size-4" aria-hidden />}
    </button>
  );
}

/**
 * j and k from inside the panel step to the next and previous record, as they move the list's cursor from the list
 * (which the open record follows): a person working through a list keeps their hands where they are.
 */
function useStepKeys(stepping: RecordStepping | null | undefined) {
  const { next, previous } = stepping ?? {};
  useEffect(() => {
    if (!next && !previous) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isPageKey(event)) return;
      if (!(event.target instanceof Element) || !event.target.closest("[data-sheet]")) return;
      const step = event.key === "j" ? next : event.key === "k" ? previous : undefined;
      if (step === undefined) return;
      event.preventDefault();
      step?.();
    };
    window.addEventListener("keydown", handleKeyDown);
    return () => window.removeEventListener("keydown", handleKeyDown);
  }, [next, previous]);
}

/** The open record's place in the list, with the previous and next records a click away. */
function Stepper({ stepping: { position, total, previous, next }, noun }: { stepping: RecordStepping; noun: string }) {
  return (
    <div className="flex items-center">
      <span className="px-1 text-xs text-muted tabular-nums" data-testid="record-position">
        {position.toLocaleString()}
        {total !== null && ` / ${Math.max(total, position).toLocaleString()}`}
      </span>
      <StepButton step={previous} label={`Previous ${noun}`} shortcut="k" icon={ChevronUp} />
      <StepButton step={next} label={`Next ${noun}`} shortcut="j" icon={ChevronDown} />
    </div>
  );
}

function StepButton({
  step,
  label,
  shortcut,
  icon: Icon,
}: {
  step: (() => void) | null;
  label: string;
  shortcut: string;
  icon: LucideIcon;
}) {
  return (
    <button
      type="button"
      onClick={step ?? undefined}
      disabled={!step}
      aria-label={label}
      aria-keyshortcuts={shortcut.toUpperCase()}
      title={`${label} (${shortcut})`}
      className={cn(headerButton, "disabled:opacity-40 disabled:hover:bg-transparent")}
    >
      <Icon className="size-4" aria-hidden />
    </button>
  );
}
