import * as Dropdown from "@radix-ui/react-dropdown-menu";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, SlidersHorizontal, Tag, UserRound } from "lucide-react";
import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { progressToast, toast } from "../../lib/toast";
import { Avatar } from "../../ui/avatar";
import { Button } from "../../ui/button";
import { memberName, useMembers } from "../members/use-members";
import { BulkPropertyDialog, BulkTagDialog } from "./bulk-actions-dialogs";
import { bulkFieldChoices } from "./bulk-fields";
import { bulkActionLabel } from "../../ui/data-table";
import { countOf } from "../../lib/format";
import { rowsInLists } from "./list-cache";
import {
  BULK_CHUNK,
  listKeyOf,
  PartialBulkError,
  useBulkUpdate,
  type BulkAction,
  type RecordObject,
} from "./use-record-actions";
import { menuContent, menuItem, menuSeparator } from "../../ui/menu";

const trigger =
  "inline-flex h-7 items-center gap-1.5 rounded-md px-2.5 text-xs font-medium text-foreground hover:bg-surface-2 data-[state=open]:bg-surface-2";
const menu = `${menuContent} max-h-80 min-w-52 overflow-y-auto`;

type BulkActionsProps = {
  object: RecordObject;
  noun: [singular: string, plural: string];
  ids: string[];
};

type Describe = (updated: number, total: string) => string;
type SetField = Extract<BulkAction, { type: "setField" }>;

/** Assign owner, add or remove a tag, set a property: on every selected record, a chunk at a time. */
export function BulkActions({ object, noun, ids }: BulkActionsProps) {
  const queryClient = useQueryClient();
  const members = useMembers();
  const bulkUpdate = useBulkUpdate(object);
  const [pending, setPending] = useState(false);
  const [dialog, setDialog] = useState<"addTag" | "removeTag" | "property" | null>(null);
  // Read when the dialog opens, so a property an admin just added is there to pick.
  const properties = useQuery({
    ...trpc.properties.list.queryOptions({ object }),
    enabled: dialog === "property",
    staleTime: 0,
  });
  // Adding offers the organization's tags, most used first; removing, the tags on the selection.
  const tagsInUse = useQuery({ ...trpc.tags.list.queryOptions({ object }), enabled: dialog === "addTag" });

  const run = async (action: BulkAction, describe: Describe) => {
    setPending(true);
    const progress = progressToast(
      ids.length > BULK_CHUNK,
      (done) => `Updating ${done.toLocaleString()} of ${countOf(ids.length, noun)}…`,
    );
    const toastId = progress.id;
    try {
      const updated = await bulkUpdate(ids, action, ({ done }) => progress.update(done));
      const unchanged = ids.length - updated;
      // "Tagged 0 contacts “vip”. (2,808 unchanged)" said it as if something had been done.
      if (updated === 0) toast.info(`Nothing to change on ${countOf(ids.length, noun)}.`, { id: toastId });
      else
        toast.success(
          describe(updated, countOf(updated, noun)) +
            (unchanged > 0 ? ` (${unchanged.toLocaleString()} unchanged)` : ""),
          { id: toastId },
        );
      setDialog(null);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const saved =
        error instanceof PartialBulkError && error.updated > 0 ? ` (${countOf(error.updated, noun)} saved)` : "";
      toast.error(`Could not update ${countOf(ids.length, noun)}${saved}: ${message}`, { id: toastId });
    } finally {
      setPending(false);
    }
  };

  const handleAssign = (ownerId: string | null, name: string) =>
    void run({ type: "assign", ownerId }, (_, total) =>
      ownerId ? `Assigned ${total} to ${name}.` : `Removed the owner from ${total}.`,
    );

  return (
    <>
      <Dropdown.Root>
        <Dropdown.Trigger className={trigger} disabled={pending} title="Assign an owner">
          <UserRound className="size-3.5" aria-hidden />
          <span className={bulkActionLabel}>Assign</span>
          <ChevronDown className="size-3 text-muted" aria-hidden />
        </Dropdown.Trigger>
        <Dropdown.Portal>
          <Dropdown.Content side="top" align="start" sideOffset={6} className={menu}>
            <Dropdown.Label className="px-2 pt-1 pb-1.5 text-[11px] font-semibold tracking-wide text-muted uppercase">
              Owner
            </Dropdown.Label>
            {members.isPending && <p className="px-2 py-1.5 text-[13px] text-muted">Loading members…</p>}
            {members.isError && <p className="px-2 py-1.5 text-[13px] text-danger">Could not load the members.</p>}
            {members.data?.map((member) => (
              <Dropdown.Item
                key={member.userId}
                className={menuItem}
                onSelect={() => handleAssign(member.userId, memberName(member))}
              >
                <Avatar name={memberName(member)} photoUrl={member.photoUrl} className="size-5 text-[9px]" />
                <span className="truncate">{memberName(member)}</span>
              </Dropdown.Item>
            ))}
            <Dropdown.Separator className={menuSeparator} />
            <Dropdown.Item className={menuItem} onSelect={() => handleAssign(null, "")}>
              <span className="text-muted">No owner</span>
            </Dropdown.Item>
          </Dropdown.Content>
        </Dropdown.Portal>
      </Dropdown.Root>
      <Dropdown.Root>
        <Dropdown.Trigger className={trigger} disabled={pending} title="Add or remove a tag">
          <Tag className="size-3.5" aria-hidden />
          <span className={bulkActionLabel}>Tags</span>
          <ChevronDown className="size-3 text-muted" aria-hidden />
        </Dropdown.Trigger>
        <Dropdown.Portal>
          <Dropdown.Content side="top" align="start" sideOffset={6} className={menu}>
            <Dropdown.Item className={menuItem} onSelect={() => setDialog("addTag")}>
              Add tag…
            </Dropdown.Item>
            <Dropdown.Item className={menuItem} onSelect={() => setDialog("removeTag")}>
              Remove tag…
            </Dropdown.Item>
          </Dropdown.Content>
        </Dropdown.Portal>
      </Dropdown.Root>
      <Button
        size="sm"
        variant="ghost"
        disabled={pending}
        onClick={() => setDialog("property")}
        title="Set a field or custom property on every selected record"
      >
        <SlidersHorizontal className="size-3.5" aria-hidden />
        <span className={bulkActionLabel}>Set property</span>
      </Button>

      <BulkTagDialog
        mode={dialog === "removeTag" ? "remove" : "add"}
        open={dialog === "addTag" || dialog === "removeTag"}
        onOpenChange={(open) => !open && setDialog(null)}
        count={countOf(ids.length, noun)}
        suggestions={
          dialog === "addTag"
            ? (tagsInUse.data ?? []).map((tag) => tag.name)
            : dialog === "removeTag"
              ? tagsOfSelection(queryClient, object, ids)
              : []
        }
        pending={pending}
        onSubmit={(mode, tag) =>
          void run(
            mode === "add" ? { type: "addTag", tag } : { type: "removeTag", tag },
            mode === "add"
              ? (_, total) => `Tagged ${total} “${tag}”.`
              : (_, total) => `Removed “${tag}” from ${total}.`,
          )
        }
      />
      <BulkPropertyDialog
        open={dialog === "property"}
        onOpenChange={(open) => !open && setDialog(null)}
        count={countOf(ids.length, noun)}
        fields={bulkFieldChoices[object]}
        properties={properties.data}
        loadError={properties.isError ? properties.error.message : null}
        pending={pending}
        onSubmit={(choice, value, shown) =>
          void run(
            choice.builtIn
              ? { type: "setField", field: choice.key as SetField["field"], value: value as string | null }
              : { type: "setProperty", key: choice.key, value },
            (_, total) =>
              value === null ? `Cleared ${choice.label} on ${total}.` : `Set ${choice.label} to ${shown} on ${total}.`,
          )
        }
      />
    </>
  );
}

/** Removing offers the tags on the selected records that a list has loaded (the table's rows, a board's cards). */
function tagsOfSelection(queryClient: ReturnType<typeof useQueryClient>, object: RecordObject, ids: string[]) {
  const rows = rowsInLists<{ id: string; version: number; tags?: string[] }>(
    queryClient,
    listKeyOf(object),
    new Set(ids),
  );
  return [...new Set(rows.flatMap((row) => row.tags ?? []))].sort();
}
