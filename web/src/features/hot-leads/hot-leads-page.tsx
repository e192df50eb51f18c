import { Flame } from "lucide-react";
import { AreaPage } from "../../ui/area-page";

export default function HotLeadsPage() {
  return (
    <AreaPage
      title="Hot leads"
      description="Contacts whose lead score crossed your threshold."
      icon={Flame}
      emptyTitle="No hot leads yet"
      emptyDescription="When contacts engage and match your ideal customer, they rise here with the reasons for their score."
    />
  );
}
