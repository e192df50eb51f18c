import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "./empty-state";
import { PageBody, PageHeader } from "./page";

type AreaPageProps = {
  title: string;
  description: string;
  icon: LucideIcon;
  emptyTitle: string;
  emptyDescription: ReactNode;
  action?: ReactNode;
};

/** A product area with nothing in it yet: its title, what it is for, and its empty state. */
export function AreaPage({ title, description, icon, emptyTitle, emptyDescription, action }: AreaPageProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <PageBody>
        <EmptyState icon={icon} title={emptyTitle} description={emptyDescription} action={action} />
      </PageBody>
    </>
  );
}
