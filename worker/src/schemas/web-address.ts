import { isValidDomain } from "../domain/records/normalize";

/** What a web-address field asks for, in the words its errors use. */
export const WEB_ADDRESS_EXAMPLE = "https://example.com";

// Any scheme ("https:", "javascript:"), but not a host with a port ("acme.com:8080", "acme.com:8080/about").
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i;

/**
 * A web address as stored (a LinkedIn profile, a URL property), or null when it is none: http or https only,
 * so a link to it can never run script (`javascript:`) or open a document of its own (`data:`), with a host
 * name people could visit (a domain, as a company's: no IP, no "localhost"). People paste "linkedin.com/in/ann" as often as the full URL: without a scheme,
 * https is assumed. Otherwise the address is kept as written, trimmed.
 */
export function webAddress(text: string): string | null {
  const trimmed = text.trim();
  const hasScheme = SCHEME.test(trimmed);
  if (hasScheme && !/^https?:\/\//i.test(trimmed)) return null;
  const address = hasScheme ? trimmed : `https://${trimmed}`;
  if (/\s/.test(address) || !URL.canParse(address)) return null;
  const url = new URL(address);
  return url.username || url.password || !isValidDomain(url.hostname) ? null : address;
}
