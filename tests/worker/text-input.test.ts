import { describe, expect, it } from "vitest";
import { EMPTY_CONTACT_MESSAGE } from "../../worker/src/schemas/records";
import { asMultiLine, asSingleLine } from "../../worker/src/schemas/text";
import { expectTRPCError, ownerOfNewOrganization } from "./helpers";
import { defineProperty } from "./records-helpers";

describe("text as pasted and imported: control characters", () => {
  it("are taken out of one-line text, line breaks and tabs becoming one space", () => {
    expect(asSingleLine("Ann\u0000")).toBe("Ann");
    expect(asSingleLine("Lee \r\n Smith")).toBe("Lee Smith");
    expect(asSingleLine("Acme\u000bRobotics\tInc")).toBe("Acme Robotics Inc");
    expect(asSingleLine("Caf\u0082e\u007f")).toBe("Cafe");
    expect(asSingleLine("Zoë 💼 Ünal\u200d")).toBe("Zoë 💼 Ünal\u200d");
  });

  it("are taken out of notes, whose line breaks stay, each one \\n", () => {
    expect(asMultiLine("First\r\nsecond\rthird\u2028fourth\u0000")).toBe("First\nsecond\nthird\nfourth");
    expect(asMultiLine("a\tb\n\nc")).toBe("a\tb\n\nc");
  });

  it("are not stored by create, update, notes, tasks and tags, and a name made only of them is no name", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann\u0000", lastName: "Lee\r\nSmith", title: "\u0007" });
    expect((await caller.contacts.get({ id: ann.id })).contact).toMatchObject({
      firstName: "Ann",
      lastName: "Lee Smith",
      title: null,
    });
    await expectTRPCError(
      caller.contacts.create({ firstName: "\u0007\u0000", lastName: "\u001b" }),
      "BAD_REQUEST",
      new RegExp(EMPTY_CONTACT_MESSAGE),
    );

    const updated = await caller.contacts.update({
      id: ann.id,
      version: ann.version,
      patch: { title: "VP\u0000\nSales", tags: ["vip\u0000"] },
    });
    expect(updated).toMatchObject({ title: "VP Sales", tags: ["vip"] });
    await expectTRPCError(
      caller.contacts.bulkUpdate({ ids: [ann.id], action: { type: "addTag", tag: "\u0000" } }),
      "BAD_REQUEST",
    );

    const acme = await caller.companies.create({ name: "Acme\u000bRobotics" });
    expect(acme.name).toBe("Acme Robotics");
    await expectTRPCError(caller.companies.create({ name: "\u0000\u0001" }), "BAD_REQUEST", /Name the company/);

    const note = await caller.notes.create({
      recordObject: "contact",
      recordId: ann.id,
      body: "Called.\r\nWants a demo.\u0000",
    });
    expect(note.body).toBe("Called.\nWants a demo.");
    const task = await caller.tasks.create({ title: "Send\u0000 the deck\n", notes: "Slides\r\n\u0007v2" });
    expect(task).toMatchObject({ title: "Send the deck", notes: "Slides\nv2" });
  });

  it("are taken out of a text property's value; a value blank without them is none, which a required one refuses", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", { key: "region", label: "Region", type: "text" });
    const ann = await caller.contacts.create({ firstName: "Ann", properties: { region: " EMEA\r\nNorth\u0000 " } });
    expect((await caller.contacts.get({ id: ann.id })).contact.properties).toEqual({ region: "EMEA North" });
    const bob = await caller.contacts.create({ firstName: "Bob", properties: { region: " \u0000 " } });
    expect((await caller.contacts.get({ id: bob.id })).contact.properties.region ?? null).toBeNull();

    await defineProperty(org.id, "contact", { key: "code", label: "Code", type: "text", required: true });
    await expectTRPCError(
      caller.contacts.create({ firstName: "Cy", properties: { code: "\u0000\t" } }),
      "BAD_REQUEST",
      "Code must be filled in.",
    );
  });

  it("are taken out of imported rows, as a file from Excel or FileMaker brings them", async () => {
    const { caller } = await ownerOfNewOrganization();
    const result = await caller.contacts.import({
      rows: [{ firstName: "Dee\u000bAnn", lastName: "\uFEFFO'Neil\u0000", emails: ["dee@example.com"] }],
      lineNumbers: [2],
    });
    expect(result.created).toBe(1);
    const [row] = (
      await caller.contacts.list({
        filter: { combinator: "and", conditions: [{ field: "email", operator: "eq", value: "dee@example.com" }] },
      })
    ).items as { firstName: string; lastName: string }[];
    expect(row).toMatchObject({ firstName: "Dee Ann", lastName: "O'Neil" });
  });
});
