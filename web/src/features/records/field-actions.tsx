import { ArrowUpRight, ExternalLink, Mail, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { telAddress } from "../../../../worker/src/schemas/phone-number";
import { recordPath, type RecentRecord } from "../../app/recent-records";
import { requestLog, type LogKind } from "./log-request";

/** The small icon beside a panel field's value that acts on it: open, write, call. */
const actionClass =
  "inline-flex size-6 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-primary focus-visible:ring-2 focus-visible:ring-primary/30 focus-visible:outline-none";

/** A web address as a person reads it: "linkedin.com/in/ann-lee" for "https://www.linkedin.com/in/ann-lee/". */
export function readableUrl(url: string): string {
  return url
    .replace(/^https?:\/\//i, "")
    .replace(/^www\./i, "")
    .replace(/\/$/, "");
}

function ActionLink({
  href,
  label,
  children,
  logs,
}: {
  href: string;
  label: string;
  children: ReactNode;
  /** What the click is then logged as, in the panel's composer (a call placed, an email written). */
  logs?: LogKind;
}) {
  const web = /^https?:/i.test(href);
  return (
    <a
      href={href}
      aria-label={label}
      title={label}
      onClick={logs && (() => requestLog(logs))}
      className={actionClass}
      {...(web && { target: "_blank", rel: "noopener noreferrer" })}
    >
      {children}
    </a>
  );
}

/** Opens a web address (a website, a LinkedIn profile) in a new tab. */
export function OpenWebsite({ url, label }: { url: string | null | undefined; label: string }) {
  if (!url) return null;
  const href = /^https?:\/\//i.test(url) ? url : `https://${url}`;
  return (
    <ActionLink href={href} label={label}>
      <ExternalLink className="size-3.5" aria-hidden />
    </ActionLink>
  );
}

/** Writes to the first address in the person's mail app; the panel turns to log the email. */
export function WriteEmail({ email }: { email: string | null | undefined }) {
  if (!email) return null;
  return (
    <ActionLink href={`mailto:${email}`} label={`Email ${email}`} logs="email">
      <Mail className="size-3.5" aria-hidden />
    </ActionLink>
  );
}

/** Calls the first number (a softphone, or the phone the browser hands it to); the panel turns to log the call. */
export function CallPhone({ phone }: { phone: string | null | undefined }) {
  if (!phone) return null;
  return (
    <ActionLink href={telAddress(phone)} label={`Call ${phone}`} logs="call">
      <Phone className="size-3.5" aria-hidden />
    </ActionLink>
  );
}

/** Opens a related record (a contact's company) in its own panel. */
export function OpenRecord({
  record,
  name,
}: {
  record: Pick<RecentRecord, "object" | "id"> | null;
  name: string | null | undefined;
}) {
  if (!record || !name) return null;
  return (
    <Link to={recordPath(record)} aria-label={`Open ${name}`} title={`Open ${name}`} className={actionClass}>
      <ArrowUpRight className="size-3.5" aria-hidden />
    </Link>
  );
}
