import { Contact } from "lucide-react";
import { AreaPage } from "../../ui/area-page";

export default function ContactsPage() {
  return (
    <AreaPage
      title="Contacts"
      description="Everyone your team sells to, with their history."
      icon={Contact}
      emptyTitle="No contacts yet"
      emptyDescription="Contacts you add or import appear here, with their company, owner, lead status and timeline."
    />
  );
}
