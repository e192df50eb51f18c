import { Handshake } from "lucide-react";
import { AreaPage } from "../../ui/area-page";

export default function DealsPage() {
  return (
    <AreaPage
      title="Deals"
      description="Your pipeline, stage by stage."
      icon={Handshake}
      emptyTitle="No deals yet"
      emptyDescription="Deals move through the stages of your pipeline. Your workspace starts with Lead, Qualified, Proposal, Negotiation, Won and Lost."
    />
  );
}
