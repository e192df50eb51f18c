import { IdCard } from "lucide-react";
import { AreaPage } from "../../ui/area-page";

export default function LinkedinUsersPage() {
  return (
    <AreaPage
      title="LinkedIn users"
      description="Profiles captured from LinkedIn or imported from its export."
      icon={IdCard}
      emptyTitle="No LinkedIn profiles yet"
      emptyDescription="Import LinkedIn's Connections.csv or capture profiles with the companion tool, then convert them to contacts."
    />
  );
}
