import { describe, expect, it, vi } from "vitest";
import { emailDomain } from "../../web/src/features/contacts/company-of-email";

// The domain is pure; the module's hook asks the server.
vi.mock("../../web/src/lib/trpc", () => ({ trpc: {} }));

describe("emailDomain", () => {
  it("reads an email's domain as the companies' domains are kept", () => {
    expect(emailDomain("ann@Acme-Robotics.example")).toBe("acme-robotics.example");
    expect(emailDomain("  bo@www.globex.example ")).toBe("globex.example");
    expect(emailDomain("o'hara+crm@mail.initech.co.uk")).toBe("mail.initech.co.uk");
  });

  it("is null until the email names a domain", () => {
    for (const typed of ["", "ann", "ann@", "ann@acme", "@acme.example", "ann@acme."])
      expect(emailDomain(typed)).toBeNull();
  });
});
