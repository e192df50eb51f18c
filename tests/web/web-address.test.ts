import { describe, expect, it } from "vitest";
import { webAddress } from "../../worker/src/schemas/web-address";

describe("webAddress: what a LinkedIn field or a URL property stores", () => {
  it.each([
    ["https://www.linkedin.com/in/ann-lee/", "https://www.linkedin.com/in/ann-lee/"],
    ["HTTP://Acme.com/About", "HTTP://Acme.com/About"],
    ["  https://acme.com  ", "https://acme.com"],
    ["linkedin.com/in/ann-lee", "https://linkedin.com/in/ann-lee"],
    ["www.acme.com", "https://www.acme.com"],
    ["acme.com:8080/pricing", "https://acme.com:8080/pricing"],
    ["münchen.de", "https://münchen.de"],
  ])("keeps %j as %j", (typed, stored) => {
    expect(webAddress(typed)).toBe(stored);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript://acme.com/%0aalert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "ftp://acme.com",
    "mailto:ann@acme.com",
    "https:/acme.com",
    "https://google.com@evil.example",
    "https://localhost:3000",
    "https://192.168.0.1/admin",
    "linkedin ann",
    "linkedin",
    "https://acme.com/a page",
    "",
  ])("refuses %j", (typed) => {
    expect(webAddress(typed)).toBeNull();
  });
});
