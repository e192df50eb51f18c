import { act, render } from "@testing-library/react";
import { useState } from "react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { PageVisit } from "../../web/src/app/page-visit";

let mounts = 0;
let typed: (text: string) => void;
/** A page holding state of its own, as a list holds its search. */
function Page() {
  const [text, setText] = useState(() => {
    mounts++;
    return "";
  });
  typed = setText;
  return <p data-testid="text">{text || "plain"}</p>;
}

function renderAt(path: string) {
  mounts = 0;
  const router = createMemoryRouter(
    [
      {
        path: "/contacts",
        element: (
          <PageVisit>
            <Page />
          </PageVisit>
        ),
      },
      { path: "/tasks", element: <p>tasks</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, shown: () => view.container.textContent };
}

describe("PageVisit: a page starts afresh on each visit, not on its own address changes", () => {
  it("keeps the page through its own replaced addresses and the palette's ?open= and ?new=1", async () => {
    const { router, shown } = renderAt("/contacts");
    act(() => typed("dee"));
    await act(() => router.navigate("/contacts?open=con_1", { replace: true }));
    await act(() => router.navigate("/contacts?open=con_2"));
    await act(() => router.navigate("/contacts?new=1"));
    expect(shown()).toBe("dee");
    expect(mounts).toBe(1);
  });

  it("starts afresh on a link to the page shown, and on Back or Forward", async () => {
    const { router, shown } = renderAt("/contacts");
    act(() => typed("dee"));
    await act(() => router.navigate("/contacts"));
    expect(shown()).toBe("plain");
    expect(mounts).toBe(2);
    act(() => typed("ann"));
    await act(() => router.navigate(-1));
    expect(shown()).toBe("plain");
    expect(mounts).toBe(3);
    await act(() => router.navigate("/tasks"));
    expect(shown()).toBe("tasks");
    await act(() => router.navigate("/contacts"));
    expect(shown()).toBe("plain");
  });
});
