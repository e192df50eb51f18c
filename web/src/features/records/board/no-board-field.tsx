import { Columns3 } from "lucide-react";
import { EmptyState } from "../../../ui/empty-state";
import { LinkButton } from "../../../ui/link-button";
import { useCurrentUser } from "../../auth/use-current-user";
import { isAdmin } from "../../views/use-views";
import { usePropertyDefinitions } from "../property-columns";
import { recordNouns, type RecordObject } from "../use-record-actions";

/**
 * The board of an object with no select field to group its cards by: what would make one, and for an admin, where.
 * Nothing while the properties are read, rather than this flashing before the board.
 */
export function NoBoardField({ object }: { object: RecordObject }) {
  const admin = isAdmin(useCurrentUser().data);
  const definitions = usePropertyDefinitions(object);
  if (definitions.isPending) return null;
  const plural = recordNouns[object][1];
  return (
    <EmptyState
      icon={Columns3}
      title={`Nothing to group ${plural} by yet`}
      description={`A board shows ${plural} in a lane per option of a select property, such as a tier or a stage. ${
        admin ? "Add one with its options" : "An admin can add one in Settings"
      }, and the board groups by it at once.`}
      action={
        admin && (
          <LinkButton to={`/settings/properties?object=${object}`} variant="secondary">
            Add a select property
          </LinkButton>
        )
      }
    />
  );
}
