import { useQuery } from "@tanstack/react-query";
import { SlidersHorizontal } from "lucide-react";
import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { ErrorState } from "../../ui/empty-state";
import { InlineEmpty } from "../../ui/inline-empty";
import { objectLabels, type Property, type RecordObject } from "./property-labels";
import { ArchivedProperties } from "./archived-properties";
import { EditPropertyDialog } from "./edit-property-dialog";
import { PropertyRow } from "./property-row";
import { RowsSkeleton } from "./settings-skeleton";
import { usePropertyArchive, usePropertyReorder } from "./use-property-mutations";

export function PropertyList({ object, isAdmin }: { object: RecordObject; isAdmin: boolean }) {
  const properties = useQuery(trpc.properties.list.queryOptions({ object }));
  const reorder = usePropertyReorder(object);
  const archive = usePropertyArchive(object);
  const [archiving, setArchiving] = useState<Property | null>(null);
  const [editing, setEditing] = useState<Property | null>(null);
  const list = properties.data;

  if (list === undefined)
    return properties.isError ? (
      <div className="p-4">
        <ErrorState message={properties.error.message} onRetry={() => void properties.refetch()} />
      </div>
    ) : (
      <RowsSkeleton />
    );

  if (list.length === 0)
    return (
      <>
        <InlineEmpty
          icon={SlidersHorizontal}
          title={`No custom properties on ${objectLabels[object].toLowerCase()} yet`}
        >
          {isAdmin
            ? "Add fields your team needs, such as Industry tier or Renewal date."
            : "An admin can add fields your team needs, such as Industry tier or Renewal date."}
        </InlineEmpty>
        <ArchivedProperties object={object} isAdmin={isAdmin} />
      </>
    );

  const handleMove = (index: number, delta: -1 | 1) => {
    const ids = list.map((property) => property.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + delta, 0, moved!);
    reorder.mutate({ object, ids });
  };

  return (
    <>
      <ol className="divide-y divide-border" data-testid="property-list">
        {list.map((property, index) => (
          <PropertyRow
            key={property.id}
            property={property}
            admin={
              isAdmin
                ? {
                    isFirst: index === 0,
                    isLast: index === list.length - 1,
                    onMove: (delta) => handleMove(index, delta),
                    onEdit: () => setEditing(property),
                    onArchive: () => setArchiving(property),
                  }
                : undefined
            }
          />
        ))}
      </ol>
      <ArchivedProperties object={object} isAdmin={isAdmin} />
      <EditPropertyDialog key={editing?.id} property={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={archiving !== null}
        onOpenChange={(open) => !open && !archive.isPending && setArchiving(null)}
        title={`Archive “${archiving?.label ?? ""}”?`}
        description="It leaves forms, tables, filters and imports. Values already saved on records are kept, and Restore under Archived brings it back with them."
        confirmLabel="Archive property"
        pending={archive.isPending}
        onConfirm={() => archiving && archive.mutate({ id: archiving.id }, { onSettled: () => setArchiving(null) })}
      />
    </>
  );
}
