import { after, before, describe, it } from "node:test";
import {
  assert,
  browserTimes,
  callProcedure,
  eventually,
  launchBrowser,
  newPage,
  registeredUser,
  screenshot,
  signIn,
} from "./harness.mjs";

const PHONE = { width: 390, height: 844 };

/**
 * What on the page reaches past the window's right edge without a scroller of its own to reach it by: a person on a
 * phone cannot see it, nor scroll the page sideways to it.
 */
function cutOff(page, windowWidth) {
  return page.evaluate((width) => {
    const scrollsSideways = (element) => {
      for (let at = element.parentElement; at && at.tagName !== "MAIN"; at = at.parentElement)
        if (/auto|scroll|hidden/.test(getComputedStyle(at).overflowX)) return true;
      return false;
    };
    return [...document.querySelectorAll("main *")]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && !scrollsSideways(element);
      })
      .map((element) => `<${element.tagName.toLowerCase()}> "${element.textContent.trim().slice(0, 40)}"`);
  }, windowWidth);
}

describe("on a phone (390 px)", () => {
  let browser;
  let page;
  let email;

  before(async () => {
    browser = await launchBrowser();
    ({ page, email } = await registeredUser(browser, { organization: "Pocket Sales", name: "Pat Mobile" }));
    await page.setViewportSize(PHONE);
    const due = await browserTimes(page, { yesterday: [-1, 9], nextWeek: [7, 10] });
    const company = await callProcedure(page, "companies.create", { name: "Northwind Traders International" });
    await callProcedure(page, "companies.create", {
      name: "Northwind Traders International LLC",
      domain: "northwind.example",
    });
    const contact = await callProcedure(page, "contacts.create", {
      firstName: "Maximiliana",
      lastName: "Featherstonehaugh",
      emails: ["maximiliana.featherstonehaugh@northwind-traders.example"],
      title: "Vice President of Procurement",
      companyId: company.id,
    });
    await callProcedure(page, "tasks.create", {
      title: "Send the signed order form",
      dueAt: due.yesterday,
      recordObject: "contact",
      recordId: contact.id,
    });
    await callProcedure(page, "tasks.create", {
      title: "Plan the quarterly review with the whole buying committee",
      dueAt: due.nextWeek,
      recordObject: "company",
      recordId: company.id,
    });
  });
  after(() => browser?.close());

  it("no page runs past the screen's edge, at 390 px or at 360", async () => {
    const pages = [
      ["/home", /Good (morning|afternoon|evening), Pat/],
      ["/contacts", "Contacts"],
      ["/companies", "Companies"],
      ["/tasks?view=upcoming", "Tasks"],
      ["/team", "Team"],
      ["/settings/properties", "Settings"],
      ["/settings/profile", "Settings"],
    ];
    for (const width of [PHONE.width, 360]) {
      await page.setViewportSize({ ...PHONE, width });
      for (const [path, heading] of pages) {
        await page.goto(path);
        await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
        await page.waitForLoadState("networkidle");
        assert.deepEqual(await cutOff(page, width), [], `${path} at ${width} px: cut off at the right edge`);
        if (width === PHONE.width) await screenshot(page, `phone${path.replace(/\W+/g, "-")}`);
      }
    }
    await page.setViewportSize(PHONE);
    assert.deepEqual(page.errors, []);
  });

  it("a task shows its whole title on one line and its record and due date under it; the tabs scroll", async () => {
    await page.goto("/tasks?view=upcoming");
    const row = page.getByTestId("task-row").filter({ hasText: "Plan the quarterly review" });
    await row.waitFor();
    const title = row.getByTestId("task-title");
    const box = async (locator) => locator.boundingBox();
    // The title has the row's width but for the checkbox, priority and menu: most of its words show.
    const titleBox = await box(title);
    const rowBox = await box(row);
    assert.ok(titleBox.width >= rowBox.width - 110, `title ${titleBox.width} px of a ${rowBox.width} px row`);
    const record = row.getByTestId("task-record").filter({ hasText: /^Northwind Traders International$/ });
    await record.waitFor();
    const recordBox = await box(record);
    const dueBox = await box(row.getByTestId("task-due"));
    assert.ok(recordBox.y > titleBox.y + titleBox.height - 2, "the record is under the title");
    const assigneeBox = await box(row.getByRole("button", { name: /^Assigned to Pat Mobile/ }));
    assert.ok(Math.abs(dueBox.y - recordBox.y) < 8, "the due date is beside the record");
    assert.ok(Math.abs(assigneeBox.y - dueBox.y) < 8, "the assignee is beside the due date");
    assert.ok(dueBox.x + dueBox.width <= rowBox.x + rowBox.width, "the due date is inside the row");
    assert.ok(recordBox.x >= titleBox.x - 8, "the record lines up under the title");

    // The assignee filter keeps its own width above the tabs (10rem), not the row's.
    const filter = await box(page.getByTestId("task-assignee-filter"));
    assert.ok(filter.width <= 161, `the assignee filter is ${filter.width} px wide`);

    // Five tabs do not fit: the bar scrolls to the last, and it opens.
    const trash = page.getByTestId("task-tab-trash");
    const tabs = page.getByRole("tablist", { name: "Task lists" });
    assert.ok(await tabs.evaluate((bar) => bar.scrollWidth > bar.clientWidth), "the tab bar scrolls sideways");
    await trash.click();
    await page.waitForURL(/view=trash/);
    await page.getByRole("tab", { name: "Trash", selected: true }).waitFor();
    // A link to the last tab opens with it in sight.
    await page.goto("/tasks?view=trash");
    await page.getByRole("tab", { name: "Trash", selected: true }).waitFor();
    // The counts arrive and the page's scrollbar may come a frame later; the bar reveals the tab again after each.
    await eventually(async () => {
      const [barBox, trashBox] = [await tabs.boundingBox(), await trash.boundingBox()];
      assert.ok(trashBox.x + trashBox.width <= barBox.x + barBox.width + 1, "the Trash tab is scrolled into sight");
    }, 3_000);
    await screenshot(page, "phone-tasks-trash-tab");
    assert.deepEqual(page.errors, []);
  });

  it("on a 1024 px laptop the task list beside a task's details takes two lines a task too", async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    try {
      await page.goto("/tasks?view=upcoming");
      const row = page.getByTestId("task-row").filter({ hasText: "Plan the quarterly review" });
      await row.getByTestId("task-title").click();
      await page.keyboard.press("o");
      await page.getByTestId("task-details").waitFor();
      const list = await page.getByTestId("task-list").boundingBox();
      const details = await page.getByTestId("task-details").boundingBox();
      assert.ok(list.x + list.width <= details.x + 1, "the list makes room for the details");
      const due = await row.getByTestId("task-due").boundingBox();
      const title = await row.getByTestId("task-title").boundingBox();
      assert.ok(due.x + due.width <= list.x + list.width, "the due date shows inside the list");
      assert.ok(due.y > title.y + title.height - 2, "under the title");
      assert.ok(title.width >= list.width - 110, `the title has the line (${title.width} of ${list.width} px)`);
      await screenshot(page, "laptop-task-details");
    } finally {
      await page.setViewportSize(PHONE);
    }
    assert.deepEqual(page.errors, []);
  });

  it("the contacts grid keeps half its width for the columns after the name", async () => {
    await page.goto("/contacts");
    const row = page.getByTestId("record-row").filter({ hasText: "Maximiliana" });
    await row.waitFor();
    const grid = await page.getByTestId("record-table").boundingBox();
    const name = await row.locator('[data-column-id="name"]').boundingBox();
    const email = await row.locator('[data-column-id="email"]').boundingBox();
    assert.ok(name.width <= grid.width / 2 + 1, `the name column is ${name.width} px of ${grid.width}`);
    assert.ok(email.x < grid.x + grid.width - 60, "the email column shows beside it");
    // Above it, the search box takes the whole width, its words whole; Filter and Trash share the line under it.
    const search = page.getByRole("searchbox", { name: "Search contacts" });
    const searchBox = await search.boundingBox();
    assert.ok(searchBox.width >= grid.width - 1, `the search box is ${searchBox.width} px of ${grid.width}`);
    const filter = await page.getByRole("button", { name: "Filter", exact: true }).boundingBox();
    const trash = await page.getByRole("button", { name: "Trash", exact: true }).boundingBox();
    assert.ok(
      Math.abs(filter.y - trash.y) <= 2 && filter.y > searchBox.y + searchBox.height - 1,
      "Filter, Trash under it",
    );
    // Scrolled sideways, the name stays and the next columns pass beside it.
    await page.getByTestId("record-table").evaluate((table) => (table.scrollLeft = 200));
    const after = await row.locator('[data-column-id="name"]').boundingBox();
    assert.equal(Math.round(after.x), Math.round(name.x), "the name column is sticky");
    await screenshot(page, "phone-contacts-scrolled");

    // The filter form opens whole, though its button is at the right edge.
    await page.getByRole("button", { name: "Filter" }).click();
    const form = page.getByRole("dialog", { name: /filter/i });
    const formBox = await form.boundingBox();
    assert.ok(
      formBox.x >= 0 && formBox.x + formBox.width <= PHONE.width,
      `the filter form spans ${formBox.x}–${formBox.x + formBox.width} px`,
    );
    await screenshot(page, "phone-filter");
    await page.keyboard.press("Escape");
    await form.waitFor({ state: "hidden" });

    // Selected, its bulk actions wrap inside the grid: every one of them can be reached.
    await row.getByRole("checkbox").click();
    const bar = page.getByTestId("selection-bar");
    await bar.waitFor();
    const barBox = await bar.boundingBox();
    assert.ok(barBox.x >= grid.x && barBox.x + barBox.width <= grid.x + grid.width, "the bar is inside the grid");
    for (const button of await bar.getByRole("button").all()) {
      const b = await button.boundingBox();
      const name = await button.getAttribute("aria-label");
      assert.ok(b.x >= barBox.x && b.x + b.width <= barBox.x + barBox.width + 1, `${name} is inside the bar`);
    }
    await screenshot(page, "phone-bulk-actions");
    await bar.getByRole("button", { name: "Clear selection" }).click();
    await bar.waitFor({ state: "hidden" });

    // The record opens over the whole width.
    await row.locator('[data-column-id="name"]').click();
    const panel = page.getByTestId("record-panel");
    await panel.getByRole("heading", { name: "Maximiliana Featherstonehaugh" }).waitFor();
    const panelBox = await panel.boundingBox();
    assert.ok(panelBox.width >= PHONE.width - 2, `the panel is ${panelBox.width} px wide`);
    // Its header holds the name, the list's ↑ ↓ and the buttons on the screen, the name still readable beside them.
    const close = await panel.getByRole("button", { name: "Close panel" }).boundingBox();
    assert.ok(close.x + close.width <= PHONE.width, "Close is on the screen");
    await panel.getByRole("button", { name: "Next contact" }).waitFor();
    const heading = await panel.getByRole("heading", { name: "Maximiliana Featherstonehaugh" }).boundingBox();
    await screenshot(page, "phone-record-panel");
    assert.ok(heading.width >= 120, `the name has ${heading.width} px`);
    // The star, the link and the trash wait in its "More" menu.
    await panel.getByRole("button", { name: "More" }).click();
    assert.deepEqual(await page.getByRole("menuitem").allInnerTexts(), [
      "Add to favorites",
      "Copy link",
      "Move to the trash",
    ]);
    await screenshot(page, "phone-record-more");
    await page.getByRole("menuitem", { name: "Add to favorites" }).click();
    await panel.getByRole("button", { name: "More" }).click();
    await page.getByRole("menuitem", { name: "Remove from favorites" }).waitFor();
    await page.keyboard.press("Escape");
    assert.deepEqual(page.errors, []);
  });

  it("/team keeps each member in sight while its counts scroll sideways, and their activity opens over the page", async () => {
    await page.goto("/team");
    const table = page.getByTestId("team-table");
    const name = table.getByTestId("team-member-row").first().getByTestId("member-name");
    await name.waitFor();
    const box = await table.boundingBox();
    const before = await name.boundingBox();
    const joined = table.getByRole("button", { name: "Joined" });
    assert.ok((await joined.boundingBox()).x > PHONE.width, "the last column waits beyond the edge");
    await table.evaluate((element) => (element.parentElement.scrollLeft = 10_000));
    assert.ok((await joined.boundingBox()).x < PHONE.width, "scrolled to, the last column shows");
    const after = await name.boundingBox();
    assert.equal(Math.round(after.x), Math.round(before.x), "the member's cell stays where it was");
    const cell = await name.locator("xpath=ancestor::td").boundingBox();
    assert.ok(cell.width <= box.width / 2 + 1, `the member's cell is ${cell.width} px of ${box.width}`);
    await screenshot(page, "phone-team-scrolled");
    await name.click();
    const panel = page.getByTestId("member-activity-panel");
    // The two tasks added before, each on its record.
    await panel.getByTestId("member-activity-summary").getByText("2 entries in 7 days: 2 tasks").waitFor();
    // A record's long name wraps rather than hides what was done to it: no box that clips cuts the action off.
    await panel.getByTestId("activity-feed-item").nth(1).waitFor();
    assert.equal(await panel.getByTestId("activity-action").count(), 2);
    for (const action of await panel.getByTestId("activity-action").all()) {
      const cut = await action.evaluate((element) => {
        const { left, right } = element.getBoundingClientRect();
        for (let box = element.parentElement; box; box = box.parentElement) {
          if (getComputedStyle(box).overflowX === "visible") continue;
          const edges = box.getBoundingClientRect();
          if (right > edges.right + 1 || left < edges.left - 1) return true;
        }
        return false;
      });
      assert.equal(cut, false, `"${await action.innerText()}" is cut off`);
    }
    await screenshot(page, "phone-team-member-activity");
    assert.ok((await panel.boundingBox()).width >= PHONE.width - 2, "their activity takes the whole width");
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
    assert.deepEqual(page.errors, []);
  });

  it("a possible duplicate's buttons fit the company's panel, under its name", async () => {
    await page.goto("/companies");
    await page.getByTestId("record-row").filter({ hasText: "northwind.example" }).waitFor();
    const plain = page.getByTestId("record-row").filter({ hasNotText: "northwind.example" });
    await plain.locator('[data-column-id="name"]').click();
    const panel = page.getByTestId("record-panel");
    const merge = panel.getByRole("button", { name: "Merge with Northwind Traders International LLC" });
    const notDuplicate = panel.getByRole("button", { name: "Northwind Traders International LLC is not a duplicate" });
    await merge.waitFor();
    const mergeBox = await merge.boundingBox();
    const notBox = await notDuplicate.boundingBox();
    const link = await panel.getByRole("link", { name: "Northwind Traders International LLC" }).boundingBox();
    assert.ok(notBox.x + notBox.width <= PHONE.width, "Not a duplicate is on the screen");
    assert.ok(Math.abs(mergeBox.y - notBox.y) < 4, "the two buttons are side by side");
    assert.ok(mergeBox.y > link.y + link.height - 2, "under the duplicate's name");
    await screenshot(page, "phone-company-duplicate");
    assert.deepEqual(page.errors, []);
  });

  it("the duplicates list shows each record's name, and the merge compares them side by side, words whole", async () => {
    await page.goto("/companies");
    await page.getByTestId("record-row").first().waitFor();
    await page.getByRole("button", { name: "Duplicates" }).click();
    const dialog = page.getByRole("dialog", { name: "Possible duplicate companies" });
    const pair = dialog.getByTestId("duplicate-pair").first();
    await pair.waitFor();
    const pairBox = await pair.boundingBox();
    for (const name of ["Northwind Traders International", "Northwind Traders International LLC"]) {
      const shown = pair.getByText(name, { exact: true });
      const card = await shown.locator("xpath=../..").boundingBox();
      assert.ok(card.width >= pairBox.width * 0.8, `${name}'s card has a line of its own (${card.width} px)`);
      assert.ok(await shown.evaluate((p) => p.scrollWidth <= p.clientWidth), `${name} is not cut short`);
    }
    await screenshot(page, "phone-duplicates");

    await pair.getByRole("button", { name: "Merge…" }).click();
    const merge = page.getByTestId("merge-dialog");
    const keep = merge.getByRole("radio", { name: "Keep Northwind Traders International LLC" });
    await keep.waitFor();
    const mergeBox = await merge.boundingBox();
    const keepBox = await keep.boundingBox();
    assert.ok(keepBox.x + keepBox.width <= mergeBox.x + mergeBox.width + 1, "both records can be chosen");
    // A value column is wide enough for a word: "northwind.example" breaks at most once.
    const domain = merge.getByText("northwind.example", { exact: true }).first();
    const domainBox = await domain.boundingBox();
    assert.ok(domainBox.width >= 80, `a value column is ${domainBox.width} px`);
    // Each record's name wraps between words, never inside one ("Internationa / l").
    for (const card of await merge.getByRole("radio").all()) {
      const split = await card.locator("span.font-semibold").evaluate((name) => {
        const text = name.firstChild;
        const words = [...name.textContent.matchAll(/\S+/g)];
        return words
          .filter((word) => {
            const range = document.createRange();
            range.setStart(text, word.index);
            range.setEnd(text, word.index + word[0].length);
            return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
          })
          .map((word) => word[0]);
      });
      assert.deepEqual(split, [], "no word of a record's name is broken across lines");
    }
    // The staying record has no domain: the line under the two values says what the merge keeps.
    const keepsDomain = merge.getByText("After merge:").locator("..").filter({ hasText: "northwind.example" });
    assert.equal(await keepsDomain.count(), 1);
    assert.ok(await keepsDomain.isVisible(), "the domain the merge takes from the other record is said");
    await screenshot(page, "phone-merge");
    await page.keyboard.press("Escape");
    assert.deepEqual(page.errors, []);
  });

  it("the import's mapping shows each column, its example and its field picker; its summary says why rows failed", async () => {
    await page.goto("/contacts");
    await page.getByTestId("record-row").first().waitFor();
    await page.getByRole("button", { name: "Import" }).click();
    const dialog = page.getByRole("dialog", { name: "Import contacts" });
    const csv = "First Name,Email Address,Company Name\nAnn,ann.phone@example.com,Acme\nBob,bob-at-example.com,Acme\n";
    await dialog
      .getByLabel("CSV file")
      .setInputFiles({ name: "phone.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    const picker = dialog.getByRole("combobox", { name: "Import Email Address as" });
    await picker.waitFor();
    const dialogBox = await dialog.boundingBox();
    const pickerBox = await picker.boundingBox();
    assert.ok(pickerBox.x + pickerBox.width <= dialogBox.x + dialogBox.width, "the field picker is inside the dialog");
    await dialog.getByText("ann.phone@example.com").first().waitFor();
    assert.equal(await picker.inputValue(), "email");
    await screenshot(page, "phone-import-mapping");

    await dialog.getByRole("button", { name: "Import 2 rows" }).click();
    const reason = dialog.getByTestId("import-reasons").locator("li");
    await reason.waitFor();
    assert.equal(await dialog.getByTestId("import-failed").innerText(), "1");
    assert.deepEqual((await reason.innerText()).split("\n"), ["Email: Enter a valid email address.", "1 row · line 3"]);
    // The reason and its line read under each other, each whole, inside the dialog.
    const reasonBox = await reason.boundingBox();
    const summaryBox = await dialog.boundingBox();
    assert.ok(reasonBox.x + reasonBox.width <= summaryBox.x + summaryBox.width, "the reason is inside the dialog");
    for (const part of await reason.locator("span").all())
      assert.ok(await part.evaluate((span) => span.scrollWidth <= span.clientWidth), await part.innerText());
    await screenshot(page, "phone-import-summary");
    await dialog.getByRole("button", { name: "Done" }).click();
    assert.deepEqual(page.errors, []);
  });

  it("a touch screen shows no keys to press", async () => {
    const visibleKeys = (on) => on.locator("kbd:visible").count();
    // With a mouse and keyboard, the list says its keys.
    await page.goto("/tasks");
    await page.getByRole("heading", { name: "Tasks", level: 1 }).waitFor();
    assert.ok(await page.getByLabel("Keyboard shortcuts").isVisible());
    assert.ok((await visibleKeys(page)) > 0);

    const touch = await newPage(browser, { viewport: PHONE, hasTouch: true });
    try {
      await signIn(touch.page, { email });
      await touch.page.waitForURL("**/home");
      for (const [path, heading] of [
        ["/home", /Pat/],
        ["/tasks", "Tasks"],
        ["/contacts", "Contacts"],
      ]) {
        await touch.page.goto(path);
        await touch.page.getByRole("heading", { name: heading, level: 1 }).waitFor();
        await touch.page.waitForLoadState("networkidle");
        assert.equal(await visibleKeys(touch.page), 0, `${path}: no key hints`);
      }
      assert.equal(await touch.page.getByLabel("Keyboard shortcuts").isVisible(), false);
      await screenshot(touch.page, "phone-touch-contacts");

      // A tap opens the record; it does not leave the pencil that a mouse's hover shows in the cell it tapped.
      await touch.page.getByTestId("record-row").first().locator('[data-editable][data-column-id="email"]').tap();
      const panel = touch.page.getByTestId("record-panel");
      await panel.waitFor();
      assert.equal(await touch.page.getByTestId("record-table").locator('button[aria-label^="Edit "]').count(), 0);
      await panel.getByRole("button", { name: "Close panel" }).tap();
      await panel.waitFor({ state: "hidden" });

      // The palette says nothing of arrow keys; its list of shortcuts, asked for, shows them.
      await touch.page
        .getByRole("complementary", { name: "Main navigation" })
        .getByRole("button", { name: "Search" })
        .tap();
      const input = touch.page.getByPlaceholder("Type a page or an action…");
      await input.fill("keyboard");
      assert.equal(await visibleKeys(touch.page), 0, "the palette: no key hints");
      assert.equal(await touch.page.getByText("to move").isVisible(), false, "nor the words that went with them");
      await touch.page.getByRole("option", { name: "Keyboard shortcuts" }).tap();
      const shortcuts = touch.page.getByRole("dialog", { name: "Keyboard shortcuts" });
      await shortcuts.waitFor();
      assert.ok((await visibleKeys(shortcuts)) > 10, "the shortcuts list shows its keys");
      assert.deepEqual(touch.page.errors, []);
    } finally {
      await touch.context.close();
    }
  });

  it("the palette shows a found contact's whole name before its details", async () => {
    await page.goto("/home");
    await page.getByRole("heading", { name: /Pat/, level: 1 }).waitFor();
    await page.keyboard.press("Control+k");
    await page.getByPlaceholder("Type a page or an action…").fill("Maximiliana");
    // Among the contacts (a task linked to her is found too, under Tasks).
    const option = page
      .getByRole("group", { name: "Contacts" })
      .getByRole("option", { name: /Maximiliana Featherstonehaugh/ });
    await option.waitFor();
    const name = option.getByText("Maximiliana Featherstonehaugh", { exact: true });
    assert.ok(
      await name.evaluate((span) => span.scrollWidth <= span.clientWidth),
      "the name is not cut short for its details",
    );
    await screenshot(page, "phone-palette");
    await page.keyboard.press("Escape");
  });
});
