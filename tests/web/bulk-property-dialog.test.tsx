import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ComponentProps } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BulkPropertyDialog } from "../../web/src/features/records/bulk-actions-dialogs";

type Property = NonNullable<ComponentProps<typeof BulkPropertyDialog>["properties"]>[number];

const website = {
  id: "prp_site",
  organizationId: "org_1",
  object: "contact",
  key: "site",
  label: "Website",
  type: "url",
  options: null,
  required: false,
  position: 0,
  archivedAt: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
} as unknown as Property;

function setWebsiteTo(text: string) {
  const onSubmit = vi.fn();
  render(
    <BulkPropertyDialog
      open
      onOpenChange={() => {}}
      count="2 contacts"
      properties={[website]}
      loadError={null}
      pending={false}
      onSubmit={onSubmit}
    />,
  );
  fireEvent.change(screen.getByRole("textbox", { name: "Value" }), { target: { value: text } });
  fireEvent.click(screen.getByRole("button", { name: "Set property" }));
  return onSubmit;
}

describe("setting a URL property on the selected records", () => {
  afterEach(cleanup);

  it("sends an address typed without its scheme as the https address the server stores", () => {
    const onSubmit = setWebsiteTo("acme.com/pricing");
    expect(onSubmit).toHaveBeenCalledWith(website, "https://acme.com/pricing", "“https://acme.com/pricing”");
  });

  it("says why a link that would run script is no web address, and sends nothing", () => {
    const onSubmit = setWebsiteTo("javascript:alert(1)");
    expect(screen.getByText("Website must be a web address, like https://example.com.")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
