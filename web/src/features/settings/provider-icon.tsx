import { KeyRound, Link2, Mail } from "lucide-react";

/** Google's "G", drawn here because lucide ships no brand marks; its colours are the brand's own. */
function GoogleMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden>
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.7-4.9h-4v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.4a7.2 7.2 0 0 1 0-4.7V6.6h-4a12 12 0 0 0 0 10.8l4-3z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8z" />
    </svg>
  );
}

export function ProviderIcon({ provider }: { provider: string }) {
  const className = "size-4";
  if (provider === "google.com") return <GoogleMark className={className} />;
  if (provider === "password") return <KeyRound className={`${className} text-muted`} aria-hidden />;
  if (provider === "emailLink") return <Mail className={`${className} text-muted`} aria-hidden />;
  return <Link2 className={`${className} text-muted`} aria-hidden />;
}
