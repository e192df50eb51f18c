import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { guardUnsavedEdits } from "../../web/src/lib/unsaved-edits";
import { CellEditorView } from "../../web/src/ui/data-table/cell-editor";
import type { CellEditor, CellPatch } from "../../web/src/ui/data-table/types";
import type { OptionSource, PickerOption } from "../../web/src/ui/option-picker";
import { leavingAsks } from "./leaving";

// What jsdom lacks and cmdk's list and Radix's menus call.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= () => {};

type Row = Record<string, string>;

/** An editor open over a cell of a row that opens its record on a click, as the table's rows do. */
function openEditor(editor: CellEditor<Row>, initial: CellPatch) {
  const onSave = vi.fn();
  const opensRecord = vi.fn();
  render(
    <div onClick={opensRecord}>
      <CellEditorView editor={editor} row={initial} initial={initial} onSave={onSave} onCancel={() => {}} />
    </div>,
  );
  return { onSave, opensRecord };
}

const sourceOf =
  (options: PickerOption[], onlyWhenTyped = false): OptionSource =>
  (text) => ({ options: onlyWhenTyped && !text ? [] : options, searched: true });

/** Two members, the current owner second. */
const ownerEditor: CellEditor<Row> = {
  kind: "lookup",
  field: "ownerId",
  label: "Owner",
  useOptions: sourceOf([
    { value: "u_zed", label: "Zed Zimmer" },
    { value: "u_amy", label: "Amy Abbott" },
  ]),
  clearable: true,
};

const highlighted = () => screen.getAllByRole("option").find((o) => o.getAttribute("aria-selected") === "true");
const pressEnter = () => fireEvent.keyDown(screen.getByRole("combobox"), { key: "Enter" });

describe("a cell's pickers: Enter with nothing moved keeps the value", () => {
  it("a company search that lists nothing before a letter shows the current company, highlighted: Enter keeps it", () => {
    const editor: CellEditor<Row> = {
      kind: "lookup",
      field: "companyId",
      labelField: "companyName",
      label: "Company",
      useOptions: sourceOf([{ value: "cmp_acme", label: "Acme" }], true),
      clearable: true,
    };
    const { onSave, opensRecord } = openEditor(editor, { companyId: "cmp_zeta", companyName: "Zeta Corp" });
    expect(highlighted()?.textContent).toBe("Zeta Corp");
    pressEnter();
    expect(onSave).toHaveBeenCalledWith({ companyId: "cmp_zeta", companyName: "Zeta Corp" }, true);
    expect(opensRecord).not.toHaveBeenCalled();
  });

  it("with no option to show, nothing is highlighted: Enter on a list holding only Clear does nothing", () => {
    const editor: CellEditor<Row> = {
      kind: "lookup",
      field: "companyId",
      label: "Company",
      useOptions: sourceOf([], true),
      clearable: true,
    };
    const { onSave } = openEditor(editor, { companyId: "cmp_zeta" });
    expect(highlighted()).toBeUndefined();
    pressEnter();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("an owner list opens on the current owner, not the first member: Enter keeps them", () => {
    const { onSave } = openEditor(ownerEditor, { ownerId: "u_amy" });
    expect(highlighted()?.textContent).toBe("Amy Abbott");
    pressEnter();
    expect(onSave).toHaveBeenCalledWith({ ownerId: "u_amy" }, true);
  });

  it("typing moves the highlight to the first match", async () => {
    const { onSave } = openEditor(ownerEditor, { ownerId: "u_amy" });
    await act(async () => {
      fireEvent.change(screen.getByRole("combobox"), { target: { value: "z" } });
    });
    expect(highlighted()?.textContent).toBe("Zed Zimmer");
    pressEnter();
    expect(onSave).toHaveBeenCalledWith({ ownerId: "u_zed" }, true);
  });
});

describe("a cell's menu", () => {
  it("saves the value picked with Enter without opening the row's record", async () => {
    const editor: CellEditor<Row> = {
      kind: "select",
      field: "leadStatus",
      options: [
        { value: "new", label: "New" },
        { value: "contacted", label: "Contacted" },
      ],
    };
    const { onSave, opensRecord } = openEditor(editor, { leadStatus: "new" });
    const item = await screen.findByRole("menuitemradio", { name: "Contacted" });
    item.focus();
    fireEvent.keyDown(item, { key: "Enter" });
    expect(onSave).toHaveBeenCalledWith({ leadStatus: "contacted" }, true);
    expect(opensRecord).not.toHaveBeenCalled();
  });
});

describe("a text typed into a cell or a panel field and not saved yet", () => {
  const titleEditor: CellEditor<Row> = { kind: "text", fields: [{ key: "title", label: "Title" }] };

  it("makes closing the tab ask first, until it is saved or put back", () => {
    const stop = guardUnsavedEdits(new QueryClient());
    openEditor(titleEditor, { title: "CEO" });
    const input = screen.getByRole("textbox", { name: "Title" });
    expect(leavingAsks(), "opened, nothing typed").toBe(false);
    fireEvent.change(input, { target: { value: "CTO" } });
    expect(leavingAsks(), "typed").toBe(true);
    fireEvent.change(input, { target: { value: "CEO" } });
    expect(leavingAsks(), "put back as it was").toBe(false);
    fireEvent.change(input, { target: { value: "CFO" } });
    cleanup();
    expect(leavingAsks(), "the editor gone").toBe(false);
    stop();
  });
});

describe("a lookup's values the row cannot take", () => {
  it("leaves them out of the list: a company is not offered as its own parent", () => {
    const editor: CellEditor<Row> = {
      kind: "lookup",
      field: "parentCompanyId",
      labelField: "parentCompanyName",
      label: "Parent company",
      useOptions: sourceOf([
        { value: "cmp_group", label: "Acme Group" },
        { value: "cmp_labs", label: "Acme Labs" },
      ]),
      useExcluded: (row) => [row.id],
      clearable: true,
    };
    render(
      <CellEditorView
        editor={editor}
        row={{ id: "cmp_labs", parentCompanyId: "" }}
        initial={{ parentCompanyId: "" }}
        onSave={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Acme Group"]);
  });
});
