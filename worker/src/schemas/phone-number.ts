// A number as people write it (digits, spaces, + ( ) . -), then maybe an extension: "x12", "ext. 12", "extension 12".
const PHONE_NUMBER = /^(\+?[0-9 ().-]{5,30}?)\s*(?:(?:x|ext\.?|extension)\s*(\d{1,6}))?$/i;
const MIN_DIGITS = 5;

/** Why a phone number is refused, in the words every phone field uses. */
export const PHONE_NUMBER_MESSAGE = "Enter a phone number with digits, spaces or + ( ) . -";

/** Whether `text` (trimmed) is a phone number a person could dial: at least five digits, an extension allowed. */
export function isPhoneNumber(text: string): boolean {
  const match = PHONE_NUMBER.exec(text);
  return match !== null && (match[1].match(/\d/g)?.length ?? 0) >= MIN_DIGITS;
}

/**
 * A `tel:` address for a stored number (RFC 3966): its digits and a leading +, and an extension as ";ext=12"
 * rather than more digits, which would dial another number.
 */
export function telAddress(phone: string): string {
  const match = PHONE_NUMBER.exec(phone.trim());
  const number = (match?.[1] ?? phone).replace(/[^\d+]/g, "");
  return match?.[2] ? `tel:${number};ext=${match[2]}` : `tel:${number}`;
}
