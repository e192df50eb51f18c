import { describe, expect, it } from "vitest";
import { countedCaller } from "./counting-database";
import { expectTRPCError, ownerOfNewOrganization, seedMember } from "./helpers";

async function group() {
  const owner = await ownerOfNewOrganization("Groups");
  const { caller } = owner;
  const holding = await caller.companies.create({ name: "Acme Group", domain: "acme-group.test" });
  const labs = await caller.companies.create({ name: "Acme Labs", parentCompanyId: holding.id });
  const retail = await caller.companies.create({ name: "acme retail", parentCompanyId: holding.id });
  const store = await caller.companies.create({ name: "Acme Store Berlin", parentCompanyId: retail.id });
  return { owner, caller, holding, labs, retail, store };
}

describe("a company's parent company", () => {
  it("is named on the company, which its parent lists among its subsidiaries by name", async () => {
    const { caller, holding, labs, retail, store } = await group();
    expect(labs.parentCompanyId).toBe(holding.id);
    expect(labs.parentCompanyName).toBe("Acme Group");

    const parent = await caller.companies.get({ id: holding.id });
    expect(parent.company.parentCompanyName).toBeNull();
    expect(parent.subsidiaries.map((c) => c.name)).toEqual(["Acme Labs", "acme retail"]);
    expect(parent.moreSubsidiaries).toBe(false);
    const child = await caller.companies.get({ id: store.id });
    expect(child.company.parentCompanyName).toBe("acme retail");
    expect(child.subsidiaries).toEqual([]);

    // The list filters by it and shows its name, also when asked for that column alone.
    const page = await caller.companies.list({
      filter: { combinator: "and", conditions: [{ field: "parentCompanyId", operator: "eq", value: holding.id }] },
      fields: ["name", "parentCompanyId", "parentCompanyName"],
    });
    expect(page.items.map((c) => [c.name, c.parentCompanyName])).toEqual([
      ["Acme Labs", "Acme Group"],
      ["acme retail", "Acme Group"],
    ]);
    const independent = await caller.companies.list({
      filter: { combinator: "and", conditions: [{ field: "parentCompanyId", operator: "empty" }] },
    });
    expect(independent.items.map((c) => c.id)).toEqual([holding.id]);
    expect(retail.parentCompanyId).toBe(holding.id);
  });

  it("is changed and taken off like any field, each change in the timeline by the companies' names", async () => {
    const { caller, holding, labs, retail } = await group();
    const moved = await caller.companies.update({
      id: labs.id,
      version: labs.version,
      patch: { parentCompanyId: retail.id },
    });
    expect(moved.parentCompanyName).toBe("acme retail");
    const freed = await caller.companies.update({
      id: labs.id,
      version: moved.version,
      patch: { parentCompanyId: null },
    });
    expect(freed.parentCompanyId).toBeNull();
    const { timeline, companyNames } = await caller.companies.get({ id: labs.id });
    const changes = timeline.flatMap((item) => (item.changes?.parentCompanyId ? [item.changes.parentCompanyId] : []));
    expect(changes).toEqual([
      [retail.id, null],
      [holding.id, retail.id],
    ]);
    expect(companyNames).toEqual({ [holding.id]: "Acme Group", [retail.id]: "acme retail" });
    // A stale version is refused, as any edit.
    await expectTRPCError(
      caller.companies.update({ id: labs.id, version: moved.version, patch: { parentCompanyId: holding.id } }),
      "CONFLICT",
    );
  });

  it("is never the company itself nor one of its subsidiaries, however far down", async () => {
    const { caller, holding, retail, store } = await group();
    await expectTRPCError(
      caller.companies.update({ id: holding.id, version: holding.version, patch: { parentCompanyId: holding.id } }),
      "BAD_REQUEST",
      "A company cannot be its own parent company.",
    );
    await expectTRPCError(
      caller.companies.update({ id: holding.id, version: holding.version, patch: { parentCompanyId: store.id } }),
      "BAD_REQUEST",
      "Acme Store Berlin belongs to this company, so it cannot be its parent company.",
    );
    await expectTRPCError(
      caller.companies.update({ id: retail.id, version: retail.version, patch: { parentCompanyId: store.id } }),
      "BAD_REQUEST",
      "Acme Store Berlin belongs to this company, so it cannot be its parent company.",
    );
    // A subsidiary in the trash still counts: a restore would close the loop.
    await caller.companies.delete({ ids: [retail.id] });
    await expectTRPCError(
      caller.companies.update({ id: holding.id, version: holding.version, patch: { parentCompanyId: store.id } }),
      "BAD_REQUEST",
    );
    expect((await caller.companies.get({ id: holding.id })).company.parentCompanyId).toBeNull();
  });

  it("must be a live company: one in the trash or unknown is NOT_FOUND; a parent trashed later reads as none", async () => {
    const { caller, holding, labs } = await group();
    const gone = await caller.companies.create({ name: "Gone Inc" });
    await caller.companies.delete({ ids: [gone.id] });
    await expectTRPCError(
      caller.companies.create({ name: "Gone Labs", parentCompanyId: gone.id }),
      "NOT_FOUND",
      "That company does not exist or was deleted.",
    );
    await expectTRPCError(caller.companies.create({ name: "Nowhere", parentCompanyId: "cmp_nothing" }), "NOT_FOUND");

    await caller.companies.delete({ ids: [holding.id] });
    expect((await caller.companies.get({ id: labs.id })).company.parentCompanyName).toBeNull();
    expect((await caller.companies.list({})).items.find((c) => c.id === labs.id)?.parentCompanyName).toBeNull();
    await caller.companies.restore({ id: holding.id });
    expect((await caller.companies.get({ id: labs.id })).company.parentCompanyName).toBe("Acme Group");
  });

  it("moves with a merge: the merged company's subsidiaries belong to the survivor, which takes its parent", async () => {
    const { caller, holding, labs, retail, store } = await group();
    // Retail folds into its own parent: its store belongs to the group now.
    await caller.companies.merge({ survivorId: holding.id, survivorVersion: holding.version, mergedId: retail.id });
    expect((await caller.companies.get({ id: holding.id })).subsidiaries.map((c) => c.name)).toEqual([
      "Acme Labs",
      "Acme Store Berlin",
    ]);
    expect((await caller.companies.get({ id: holding.id })).company.parentCompanyId).toBeNull();
    // The group folds into one of its subsidiaries: that one is its own parent no more, and heads the rest.
    const current = (await caller.companies.get({ id: labs.id })).company;
    await caller.companies.merge({ survivorId: labs.id, survivorVersion: current.version, mergedId: holding.id });
    const survivor = await caller.companies.get({ id: labs.id });
    expect(survivor.company.parentCompanyId).toBeNull();
    expect(survivor.subsidiaries.map((c) => c.id)).toEqual([store.id]);
  });

  it("is named by an import's Parent company cell, by domain or name, never by id", async () => {
    const { caller, holding, labs, retail, store } = await group();
    await caller.companies.create({ name: "Twin Peaks" });
    await caller.companies.create({ name: "twin peaks" });
    const TWIN_PEAKS =
      "Parent company: several companies are named “Twin Peaks” (2 with no domain); give the one you mean a domain, " +
      "then put that domain in this cell.";
    const rows = [
      { name: "By Id Co", parentCompanyId: holding.id },
      { name: "By Domain Co", parentCompany: "https://www.acme-group.test/about" },
      { name: "By Name Co", domain: "byname.test", parentCompany: "ACME LABS" },
      // An earlier row of the file, by its domain, and a later row, which is not written yet.
      { name: "Grandchild Co", parentCompany: "byname.test" },
      { name: "Too Early Co", parentCompany: "Late Co" },
      { name: "Late Co" },
      { name: "Nobody's Co", parentCompany: "Nobody Inc" },
      { name: "Twin Child", parentCompany: "Twin Peaks" },
      { name: "Selfish Co", parentCompany: "selfish co" },
    ];
    const result = await caller.companies.import({ rows, lineNumbers: rows.map((_, i) => i + 2) });
    expect(result.failed).toEqual([
      // Named with the cell, for the web to say it in the file's terms (its row there failed, or names this one).
      {
        line: 6,
        message: "Parent company: no company here is named “Late Co”. Import it first, or put its row above this one.",
        missingParent: "Late Co",
      },
      {
        line: 8,
        message:
          "Parent company: no company here is named “Nobody Inc”. Import it first, or put its row above this one.",
        missingParent: "Nobody Inc",
      },
      { line: 9, message: TWIN_PEAKS },
      { line: 10, message: "Parent company: a company cannot be its own parent company." },
    ]);
    expect(result.created).toBe(5);
    const listed = await caller.companies.list({
      search: "Co",
      fields: ["name", "parentCompanyName"],
      limit: 50,
    });
    const parentOf = Object.fromEntries(listed.items.map((c) => [c.name, c.parentCompanyName]));
    // The preview says the same of rows before they go in.
    const preview = await caller.companies.importMatches({
      rows: [
        { name: "Preview Co", parentCompany: "acme-group.test" },
        { name: "Preview Two", parentCompany: "Coming Later Inc" },
        { name: "Preview Three", parentCompany: "Twin Peaks" },
        { name: "Preview Four" },
      ],
    });
    expect(preview.map((row) => row.parent)).toEqual([
      { name: "Acme Group" },
      { missing: "Coming Later Inc" },
      { error: TWIN_PEAKS },
      undefined,
    ]);
    expect(parentOf).toMatchObject({
      "By Id Co": null,
      "By Domain Co": "Acme Group",
      "By Name Co": "Acme Labs",
      "Grandchild Co": "By Name Co",
      "Late Co": null,
    });
    expect((await caller.companies.get({ id: labs.id })).subsidiaries.map((c) => c.name)).toEqual(["By Name Co"]);

    // An update sets it, in the timeline; a company below cannot head its group, in the file or stored.
    const updates = [
      { name: "Acme Labs", domain: "acme-labs.test", parentCompany: "acme retail" },
      { name: "New Head", domain: "new-head.test", parentCompany: "acme-group.test" },
      { name: "Acme Group", domain: "acme-group.test", parentCompany: "New Head" },
      { name: "acme retail", domain: "retail.test", parentCompany: "Acme Store Berlin" },
    ];
    await caller.companies.update({ id: labs.id, version: labs.version, patch: { domain: "acme-labs.test" } });
    await caller.companies.update({ id: retail.id, version: retail.version, patch: { domain: "retail.test" } });
    const updated = await caller.companies.import({
      rows: updates,
      lineNumbers: [2, 3, 4, 5],
      onDuplicate: "update",
    });
    expect(updated.failed).toEqual([
      { line: 4, message: "Parent company: New Head belongs to this company, so it cannot be its parent company." },
      {
        line: 5,
        message: "Parent company: Acme Store Berlin belongs to this company, so it cannot be its parent company.",
      },
    ]);
    expect(updated.updated).toBe(1);
    expect(updated.created).toBe(1);
    const moved = await caller.companies.get({ id: labs.id });
    expect(moved.company.parentCompanyName).toBe("acme retail");
    const change = moved.timeline.find((item) => item.changes?.parentCompanyId);
    expect(change?.changes?.parentCompanyId).toEqual([holding.id, retail.id]);
    expect((await caller.companies.get({ id: holding.id })).company.parentCompanyId).toBeNull();
    expect((await caller.companies.get({ id: store.id })).company.parentCompanyName).toBe("acme retail");
  });

  it("importParentCells: says which Parent company cells name a company here, as the import reads them", async () => {
    const { caller, store } = await group();
    await caller.companies.delete({ ids: [store.id] });
    const cells = [
      "ACME GROUP",
      "https://www.acme-group.test/about",
      "Acme Retail",
      // In the trash, unknown, or a domain nobody has: named by a row of the file or by nobody.
      "Acme Store Berlin",
      "Nowhere Inc",
      "nowhere.test",
      " acme labs ",
    ];
    // Each with the domains of the companies it names (null for one without).
    expect(await caller.companies.importParentCells({ cells })).toEqual([
      { cell: "ACME GROUP", domains: ["acme-group.test"] },
      { cell: "https://www.acme-group.test/about", domains: ["acme-group.test"] },
      { cell: "Acme Retail", domains: [null] },
      { cell: "acme labs", domains: [null] },
    ]);
    // As many as a file may hold, in one read.
    const many = Array.from({ length: 4_999 }, (_, i) => `Company ${i}`);
    expect(await caller.companies.importParentCells({ cells: [...many, "Acme Labs"] })).toEqual([
      { cell: "Acme Labs", domains: [null] },
    ]);
    await expectTRPCError(caller.companies.importParentCells({ cells: [...many, "a", "b"] }), "BAD_REQUEST");
    await expectTRPCError(caller.companies.importParentCells({ cells: ["x".repeat(201)] }), "BAD_REQUEST");
  });

  it("importParentCells: a name several companies have names each, as the import then refuses the cell", async () => {
    const { caller } = await group();
    await caller.companies.create({ name: "ACME LABS", domain: "acme-labs.test" });
    // A company named like a domain is not named by that domain, which is read as a domain.
    await caller.companies.create({ name: "acme-group.test" });
    const named = await caller.companies.importParentCells({ cells: ["acme labs", "acme-group.test", "Acme Group"] });
    expect(named.map(({ cell, domains }) => ({ cell, domains: [...domains].sort() }))).toEqual([
      { cell: "acme labs", domains: ["acme-labs.test", null] },
      { cell: "acme-group.test", domains: ["acme-group.test"] },
      { cell: "Acme Group", domains: ["acme-group.test"] },
    ]);
    const refused = await caller.companies.import({
      rows: [{ name: "Acme Labs Paris", parentCompany: "acme labs" }],
      lineNumbers: [2],
      onDuplicate: "skip",
    });
    expect(refused.failed).toEqual([
      {
        line: 2,
        message:
          "Parent company: several companies are named “acme labs” (acme-labs.test and 1 with no domain); put the " +
          "domain of the one you mean in this cell (give it one first if it has none).",
      },
    ]);
    // A company here that an earlier row renames is found by its new name only, as the web's check follows it.
    const renamed = await caller.companies.import({
      rows: [
        { name: "Acme Holdings", domain: "acme-group.test" },
        { name: "Acme Outlet", parentCompany: "Acme Group" },
        { name: "Acme Depot", parentCompany: "acme holdings" },
      ],
      lineNumbers: [2, 3, 4],
      onDuplicate: "update",
    });
    expect(renamed.failed).toEqual([
      {
        line: 3,
        message:
          "Parent company: no company here is named “Acme Group”. Import it first, or put its row above this one.",
        missingParent: "Acme Group",
      },
    ]);
    expect(renamed.created).toBe(1);
  });

  it("is checked for loops of a whole batch of updates in as many round trips as for one row", async () => {
    const { owner, caller, holding } = await group();
    const branches: Awaited<ReturnType<typeof caller.companies.create>>[] = [];
    for (let i = 0; i < 12; i++)
      branches.push(await caller.companies.create({ name: `Branch ${i}`, domain: `branch-${i}.test` }));
    const measure = await countedCaller(owner.identity);
    const rowsFor = (count: number) =>
      branches.slice(0, count).map((branch) => ({
        name: branch.name,
        domain: branch.domain,
        parentCompany: "acme-group.test",
      }));
    const one = await measure((c) => c.companies.import({ rows: rowsFor(1), lineNumbers: [2], onDuplicate: "update" }));
    const all = await measure((c) =>
      c.companies.import({ rows: rowsFor(12), lineNumbers: rowsFor(12).map((_, i) => i + 2), onDuplicate: "update" }),
    );
    expect([one.result.updated, all.result.updated]).toEqual([1, 11]);
    expect(all.trips).toBe(one.trips);
    expect((await caller.companies.get({ id: holding.id })).subsidiaries).toHaveLength(14);
  });

  it("is another organization's company never: NOT_FOUND to link, nothing to filter by, nothing listed", async () => {
    const a = await group();
    const b = await ownerOfNewOrganization("Other group");
    const bMember = await seedMember(b.org.id, "member");
    await expectTRPCError(
      bMember.caller.companies.create({ name: "Sneaky", parentCompanyId: a.holding.id }),
      "NOT_FOUND",
      "That company does not exist or was deleted.",
    );
    const own = await b.caller.companies.create({ name: "B Co" });
    await expectTRPCError(
      bMember.caller.companies.update({ id: own.id, version: own.version, patch: { parentCompanyId: a.retail.id } }),
      "NOT_FOUND",
    );
    await expectTRPCError(bMember.caller.companies.get({ id: a.holding.id }), "NOT_FOUND");
    const filtered = await bMember.caller.companies.list({
      filter: { combinator: "and", conditions: [{ field: "parentCompanyId", operator: "eq", value: a.holding.id }] },
    });
    expect(filtered.items).toEqual([]);
    // A's own subsidiaries stay A's.
    expect((await a.caller.companies.get({ id: a.holding.id })).subsidiaries).toHaveLength(2);
    // Nor is it found by an import's Parent company cell.
    const imported = await b.caller.companies.import({
      rows: [
        { name: "B Sub", parentCompany: "Acme Group" },
        { name: "B Sub Two", parentCompany: "acme-group.test" },
      ],
      lineNumbers: [2, 3],
    });
    expect(imported.failed.map((f) => f.message)).toEqual([
      "Parent company: no company here is named “Acme Group”. Import it first, or put its row above this one.",
      "Parent company: no company here is named “acme-group.test”. Import it first, or put its row above this one.",
    ]);
    // Nor is its group told.
    await expectTRPCError(bMember.caller.companies.groupIds({ id: a.holding.id }), "NOT_FOUND");
  });

  it("groupIds: the company first, then every company below it however far down, trashed ones too", async () => {
    const { caller, holding, labs, retail, store } = await group();
    const outsider = await caller.companies.create({ name: "Umbrella", parentCompanyId: null });
    await caller.companies.delete({ ids: [store.id] });
    const ids = await caller.companies.groupIds({ id: holding.id });
    expect(ids[0]).toBe(holding.id);
    expect(ids.slice(1).sort()).toEqual([labs.id, retail.id, store.id].sort());
    expect(ids).not.toContain(outsider.id);
    expect(await caller.companies.groupIds({ id: retail.id })).toEqual([retail.id, store.id]);
    expect(await caller.companies.groupIds({ id: outsider.id })).toEqual([outsider.id]);
    // A company in the trash, or none, has no group to ask for.
    await expectTRPCError(caller.companies.groupIds({ id: store.id }), "NOT_FOUND");
    await expectTRPCError(caller.companies.groupIds({ id: "cmp_nothing" }), "NOT_FOUND");
  });
});

describe("companies by their group", () => {
  it("lists a company and every company below it for 'is', the others for 'is not', never another organization's", async () => {
    const { caller, holding, retail } = await group();
    const outsider = await caller.companies.create({ name: "Umbrella" });
    const named = async (operator: "eq" | "neq", value: string) =>
      (
        await caller.companies.list({
          filter: { combinator: "and", conditions: [{ field: "companyGroup", operator, value }] },
        })
      ).items
        .map((c) => c.name)
        .sort();
    expect(await named("eq", holding.id)).toEqual(["Acme Group", "Acme Labs", "Acme Store Berlin", "acme retail"]);
    expect(await named("eq", retail.id)).toEqual(["Acme Store Berlin", "acme retail"]);
    expect(await named("neq", retail.id)).toEqual(["Acme Group", "Acme Labs", "Umbrella"]);
    expect(await named("eq", outsider.id)).toEqual(["Umbrella"]);
    // Not a sort.
    await expectTRPCError(caller.companies.list({ sort: { field: "companyGroup", direction: "asc" } }), "BAD_REQUEST");
    // Another organization's group is nobody's here, and its own companies are not reached by A's id.
    const b = await ownerOfNewOrganization("Other groups");
    await b.caller.companies.create({ name: "B Co" });
    const fromB = await b.caller.companies.list({
      filter: { combinator: "and", conditions: [{ field: "companyGroup", operator: "eq", value: holding.id }] },
    });
    expect(fromB.items).toEqual([]);
  });
});

describe("contacts by their company's group", () => {
  it("lists the people of a company and of its subsidiaries however far down, and the others for 'is not'", async () => {
    const { caller, holding, labs, retail, store } = await group();
    const other = await caller.companies.create({ name: "Globex" });
    for (const [firstName, companyId] of [
      ["Gus", holding.id],
      ["Lia", labs.id],
      ["Ros", retail.id],
      ["Sam", store.id],
      ["Oto", other.id],
      ["Nia", null],
    ] as const)
      await caller.contacts.create({ firstName, companyId });
    const names = async (operator: "eq" | "neq" | "in" | "empty", value?: string | string[]) =>
      (
        await caller.contacts.list({
          filter: { combinator: "and", conditions: [{ field: "companyGroup", operator, value }] },
        })
      ).items
        .map((c) => c.firstName)
        .sort();
    expect(await names("eq", holding.id)).toEqual(["Gus", "Lia", "Ros", "Sam"]);
    expect(await names("eq", retail.id)).toEqual(["Ros", "Sam"]);
    expect(await names("in", [labs.id, other.id])).toEqual(["Lia", "Oto"]);
    expect(await names("neq", retail.id)).toEqual(["Gus", "Lia", "Nia", "Oto"]);
    expect(await names("empty")).toEqual(["Nia"]);
    // The count says as much, and the filter joins others as any does.
    const page = await caller.contacts.list({
      filter: {
        combinator: "and",
        conditions: [
          { field: "companyGroup", operator: "eq", value: holding.id },
          { field: "firstName", operator: "neq", value: "Gus" },
        ],
      },
    });
    expect(page.total).toEqual({ count: 3, exact: true });

    await expectTRPCError(
      caller.contacts.list({
        filter: { combinator: "and", conditions: [{ field: "companyGroup", operator: "contains", value: "x" }] },
      }),
      "BAD_REQUEST",
      `A company's group cannot be compared with "contains".`,
    );
    await expectTRPCError(
      caller.contacts.list({ sort: { field: "companyGroup", direction: "asc" } }),
      "BAD_REQUEST",
      'There is no field "companyGroup" to sort on.',
    );
  });

  it("never reaches into another organization's companies", async () => {
    const a = await group();
    await a.caller.contacts.create({ firstName: "Lia", companyId: a.labs.id });
    const b = await ownerOfNewOrganization("Other group");
    const bMember = await seedMember(b.org.id, "member");
    const own = await b.caller.companies.create({ name: "B Co" });
    await b.caller.contacts.create({ firstName: "Bea", companyId: own.id });
    const listed = await bMember.caller.contacts.list({
      filter: { combinator: "and", conditions: [{ field: "companyGroup", operator: "in", value: [a.holding.id] }] },
    });
    expect(listed.items).toEqual([]);
    const not = await bMember.caller.contacts.list({
      filter: { combinator: "and", conditions: [{ field: "companyGroup", operator: "neq", value: a.holding.id }] },
    });
    expect(not.items.map((c) => c.firstName)).toEqual(["Bea"]);
  });
});
