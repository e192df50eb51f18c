import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ComponentProps } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BulkPropertyDialog } from "../../web/src/features/records/bulk-actions-dialogs";
import { bulkFieldChoices } from "../../web/src/features/records/bulk-fields";

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
      fields={[]}
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
    expect(onSubmit).toHaveBeenCalledWith(
      { ...website, builtIn: false },
      "https://acme.com/pricing",
      "“https://acme.com/pricing”",
    );
  });

  it("says why a link that would run script is no web address, and sends nothing", () => {
    const onSubmit = setWebsiteTo("javascript:alert(1)");
    expect(screen.getByText("Website must be a web address, like https://example.com.")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe("setting a contact's built-in field on the selected records", () => {
  afterEach(cleanup);

  function openFor(onSubmit = vi.fn()) {
    render(
      <BulkPropertyDialog
        open
        onOpenChange={() => {}}
        count="40 contacts"
        fields={bulkFieldChoices.contact}
        properties={[website]}
        loadError={null}
        pending={false}
        onSubmit={onSubmit}
      />,
    );
    return onSubmit;
  }

  it("offers the fields first, then the custom properties, and sets a lead status by its label", () => {
    const onSubmit = openFor();
    const picker = screen.getByRole("combobox", { name: "Property" });
    expect([...picker.querySelectorAll("optgroup")].map((group) => group.label)).toEqual([
      "Fields",
      "Custom properties",
    ]);
    expect([...picker.querySelectorAll("option")].map((option) => option.textContent)).toEqual([
      "Lead status",
      "Source",
      "Website",
    ]);
    const value = screen.getByRole("combobox", { name: "Value" });
    expect([...value.querySelectorAll("option")].map((option) => option.textContent)).toEqual([
      "Choose…",
      "New",
      "Contacted",
      "Qualified",
      "Unqualified",
      "Customer",
    ]);
    // Every contact has a lead status: it can be changed, not emptied.
    expect(screen.queryByRole("button", { name: "Clear value" })).toBeNull();
    fireEvent.change(value, { target: { value: "contacted" } });
    fireEvent.click(screen.getByRole("button", { name: "Set property" }));
    expect(onSubmit).toHaveBeenCalledWith(bulkFieldChoices.contact[0], "contacted", "“Contacted”");
  });

  it("clears a source, which a contact may go without", () => {
    const onSubmit = openFor();
    fireEvent.change(screen.getByRole("combobox", { name: "Property" }), { target: { value: "source" } });
    fireEvent.click(screen.getByRole("button", { name: "Clear value" }));
    expect(onSubmit).toHaveBeenCalledWith(bulkFieldChoices.contact[1], null, "");
  });
});
