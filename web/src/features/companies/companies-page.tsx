import { Building2 } from "lucide-react";
import { AreaPage } from "../../ui/area-page";

export default function CompaniesPage() {
  return (
    <AreaPage
      title="Companies"
      description="The organizations your contacts work for."
      icon={Building2}
      emptyTitle="No companies yet"
      emptyDescription="Companies group contacts and deals under one account, with domain, industry and size."
    />
  );
}
