import { Plus, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { usePageSearchParams } from "../../lib/page-search-params";
import { Button } from "../../ui/button";
import { TabBar } from "../../ui/tab-bar";
import { useCurrentUser } from "../auth/use-current-user";
import { NewPropertyDialog } from "./new-property-dialog";
import { PropertyList } from "./property-list";
import { objectLabels, recordObjects, type RecordObject } from "./property-labels";
import { SettingsNote, SettingsSection, SettingsStack } from "./settings-section";

export default function PropertiesPage() {
  const { data: user } = useCurrentUser();
  const isAdmin = user?.role === "owner" || user?.role === "admin";
  const [params, setParams] = usePageSearchParams();
  const requested = params.get("object") as RecordObject | null;
  const object: RecordObject = requested && recordObjects.includes(requested) ? requested : "contact";
  const [creating, setCreating] = useState(false);

  return (
    <SettingsStack>
      {user && !isAdmin && (
        <SettingsNote icon={<ShieldCheck className="size-4" />}>
          <span data-testid="properties-admins-only">
            Only owners and admins can add, edit, reorder or archive properties. You can see them here.
          </span>
        </SettingsNote>
      )}
      <SettingsSection
        title="Properties"
        description="Custom fields for contacts, companies and deals, in the order forms show them."
        action={
          isAdmin && (
            <Button size="sm" onClick={() => setCreating(true)}>
              <Plus className="size-3.5" aria-hidden />
              New property
            </Button>
          )
        }
        flush
      >
        <TabBar
          label="Object"
          className="px-2"
          value={object}
          onChange={(next) => setParams(next === "contact" ? {} : { object: next }, { replace: true })}
          tabs={recordObjects.map((value) => ({
            value,
            label: objectLabels[value],
            testId: `properties-tab-${value}`,
          }))}
        />
        <div role="tabpanel" aria-label={`${objectLabels[object]} properties`}>
          <PropertyList object={object} isAdmin={isAdmin} />
        </div>
      </SettingsSection>
      {isAdmin && <NewPropertyDialog object={object} open={creating} onOpenChange={setCreating} />}
    </SettingsStack>
  );
}
