/** SPEC §8: this text is not an error a person needs to see. */
const SUPPRESSED = "User not authenticated.";

export function isSuppressedAuthError(message: string | null | undefined): boolean {
  return Boolean(message?.includes(SUPPRESSED));
}

const messages: Record<string, string> = {
  "auth/invalid-credential": "Wrong email or password.",
  "auth/wrong-password": "Wrong email or password.",
  "auth/user-not-found": "No account uses this email. Create one instead.",
  "auth/invalid-email": "Enter a valid email address.",
  "auth/missing-password": "Enter your password.",
  "auth/weak-password": "Choose a stronger password: at least 6 characters.",
  "auth/password-does-not-meet-requirements": "That password does not meet the password policy.",
  "auth/email-already-in-use": "An account already uses this email. Sign in instead.",
  "auth/too-many-requests": "Too many attempts. Wait a moment and try again.",
  "auth/network-request-failed": "Could not reach the sign-in service. Check your connection.",
  "auth/user-disabled": "This account has been disabled.",
  "auth/popup-closed-by-user": "Sign-in was cancelled.",
  "auth/account-exists-with-different-credential":
    "An account already uses this email with another sign-in method. Sign in with that method first.",
};

/** The identity provider's errors, in words a person understands. */
export function authErrorMessage(error: unknown): string {
  const code = (error as { code?: string })?.code;
  if (code && messages[code]) return messages[code];
  const message = error instanceof Error ? error.message : String(error);
  const text = message.replace(/^Firebase:\s*/, "").replace(/\s*\(auth\/[^)]+\)\.?$/, "");
  // Firebase often says only "Error (auth/some-code)": name the code rather than show "Error".
  if (!text || text === "Error")
    return code ? `Sign-in failed (${code}). Please try again.` : "Sign-in failed. Please try again.";
  return text;
}
