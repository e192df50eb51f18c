const labels: Record<string, string> = {
  password: "Email and password",
  "google.com": "Google",
  "microsoft.com": "Microsoft",
  "linkedin.com": "LinkedIn",
  "apple.com": "Apple",
  "github.com": "GitHub",
};

/** Firebase provider ids, as a person would name them. */
export function providerLabel(provider: string): string {
  return labels[provider] ?? provider;
}
