import { Building2 } from "lucide-react";
import { createContext, useContext, useState } from "react";
import { toast, toastError } from "../../lib/toast";
import type { EditCell } from "../../ui/data-table";
import { useCompanyOfEmail } from "./company-of-email";
import type { Contact } from "./use-contacts";

/** The panel's edit, for the company suggested beside an empty Company field. */
export const CompanyLinkContext = createContext<EditCell<Contact> | null>(null);

/**
 * Beside a contact's empty Company: the company whose domain is the contact's email's, a click from being linked (as
 * HubSpot links contacts to companies by domain). Nothing when the contact has a company or no company holds the domain.
 */
export function CompanySuggestion({ contact }: { contact: Contact }) {
  const edit = useContext(CompanyLinkContext);
  const company = useCompanyOfEmail(contact.companyId ? "" : (contact.emails[0] ?? ""));
  const [pending, setPending] = useState(false);
  if (!edit || contact.companyId || !company) return null;
  const link = () => {
    setPending(true);
    edit(contact, "company", { companyId: company.value, companyName: company.label })
      .then(
        () => toast.success(`Linked to ${company.label}.`),
        (error: unknown) => toastError(error, `Could not link to ${company.label}`),
      )
      .finally(() => setPending(false));
  };
  return (
    <button
      type="button"
      onClick={link}
      disabled={pending}
      title={`${company.hint} is the email's domain`}
      className="inline-flex h-6 max-w-40 shrink-0 items-center gap-1 rounded-md border border-dashed border-border px-1.5 text-xs text-muted hover:border-primary hover:text-primary disabled:opacity-50"
    >
      <Building2 className="size-3 shrink-0" aria-hidden />
      <span className="truncate">Link {company.label}</span>
    </button>
  );
}
