import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";

export const PRODUCT_NAME = "Team CRM";
export const PRODUCT_PITCH = "Contacts, deals and follow-ups your whole team can trust.";

/** The product mark: a blue rounded square with a check, as in the favicon. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn("shrink-0", className ?? "size-9")} aria-hidden>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M9 17l5 5 9-11"
        className="stroke-primary-foreground"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

type AuthLayoutProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Under the card: links to the other auth page, who is signed in, and so on. */
  footer?: ReactNode;
  /** Above the title, inside the card (e.g. a step indicator). */
  eyebrow?: ReactNode;
  width?: "sm" | "md";
};

/** The centered card every pre-app page (sign in, sign up, setup, invite, token) sits in. */
export function AuthLayout({ title, description, children, footer, eyebrow, width = "sm" }: AuthLayoutProps) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-surface px-4 py-12">
      <div className={cn("w-full", width === "sm" ? "max-w-sm" : "max-w-md")}>
        <div className="mb-6 flex flex-col items-center text-center">
          <LogoMark />
          <p className="mt-3 text-sm font-semibold tracking-tight text-foreground">{PRODUCT_NAME}</p>
          <p className="mt-0.5 text-xs text-muted">{PRODUCT_PITCH}</p>
        </div>
        <Card className="p-6 shadow-sm">
          {eyebrow}
          <h1 className="text-lg font-semibold tracking-tight text-foreground">{title}</h1>
          {description && <p className="mt-1 text-sm text-muted">{description}</p>}
          <div className="mt-5">{children}</div>
        </Card>
        {footer && <div className="mt-5 text-center text-sm text-muted">{footer}</div>}
      </div>
    </main>
  );
}

/** A form-level error (provider errors, server refusals), announced to screen readers. */
type FormAlertProps = { children: ReactNode; className?: string; icon?: LucideIcon; testId?: string };

export function FormAlert({ children, className, icon: Icon, testId }: FormAlertProps) {
  return (
    <div
      role="alert"
      data-testid={testId}
      className={cn(
        "flex gap-3 rounded-md border border-danger/30 bg-danger-soft px-3 py-2 text-sm text-danger",
        Icon && "py-3",
        className,
      )}
    >
      {Icon && <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />}
      <div>{children}</div>
    </div>
  );
}

export function OrDivider() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs text-muted" aria-hidden>
      <span className="h-px flex-1 bg-border" />
      or
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden>
      <path
        fill="#4285F4"
        d="M23.5 12.27c0-.79-.07-1.54-.2-2.27H12v4.3h6.45a5.52 5.52 0 0 1-2.4 3.62v3h3.88c2.27-2.09 3.57-5.17 3.57-8.65z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.96-1.07 7.94-2.9l-3.88-3c-1.07.72-2.45 1.15-4.06 1.15-3.12 0-5.77-2.11-6.71-4.95H1.28v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.29 14.3a7.2 7.2 0 0 1 0-4.6V6.6H1.28a12 12 0 0 0 0 10.8l4.01-3.1z" />
      <path
        fill="#EA4335"
        d="M12 4.75c1.76 0 3.34.6 4.59 1.8l3.44-3.44A11.96 11.96 0 0 0 12 0 12 12 0 0 0 1.28 6.6l4.01 3.1C6.23 6.86 8.88 4.75 12 4.75z"
      />
    </svg>
  );
}

export function GoogleButton({
  onClick,
  pending,
  disabled,
}: {
  onClick: () => void;
  pending: boolean;
  disabled?: boolean;
}) {
  return (
    <Button variant="secondary" className="w-full" onClick={onClick} pending={pending} disabled={disabled ?? pending}>
      {!pending && <GoogleMark />}
      Continue with Google
    </Button>
  );
}
