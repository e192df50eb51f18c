import { z } from "zod";

/**
 * Whether `text` is an email address as a contact's own Email field takes one (zod's `z.email()`), so that a
 * custom email property, the web's checks and an import's preview accept the same addresses.
 */
export const isEmailAddress = (text: string): boolean => z.regexes.email.test(text);
