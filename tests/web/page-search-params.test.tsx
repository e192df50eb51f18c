import { act, fireEvent, render, screen } from "@testing-library/react";
import { lazy, Suspense, type ComponentType } from "react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { usePageSearchParams } from "../../web/src/lib/page-search-params";

/** A list page that opens a record by putting it in the address, as the contacts page does. */
function Contacts() {
  const [params, setParams] = usePageSearchParams();
  return (
    <>
      <p>contacts {params.get("open") ?? "none open"}</p>
      <button onClick={() => setParams({ open: "con_jane" }, { replace: true })}>Jane</button>
      <button onClick={() => setParams((current) => ({ ...Object.fromEntries(current), view: "vw_1" }))}>View</button>
    </>
  );
}

/** The next page, its code still on its way: the router keeps the contacts page on screen meanwhile. */
function renderWithSlowCompanies() {
  let arrive: (module: { default: ComponentType }) => void = () => {};
  const Companies = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)));
  // One boundary around the pages, as the app's layout has: a page that suspends keeps the last one shown.
  const router = createMemoryRouter(
    [
      {
        element: (
          <Suspense fallback={<p>loading</p>}>
            <Outlet />
          </Suspense>
        ),
        children: [
          { path: "/contacts", element: <Contacts /> },
          { path: "/companies", element: <Companies /> },
        ],
      },
    ],
    { initialEntries: ["/contacts?open=con_ann"] },
  );
  render(<RouterProvider router={router} />);
  return { router, arrive: () => arrive({ default: () => <p>companies</p> }) };
}

describe("usePageSearchParams: a change stays on the page that made it", () => {
  it("opens a contact clicked while the companies page is loading on /contacts, not on /companies", async () => {
    const { router, arrive } = renderWithSlowCompanies();
    await act(() => router.navigate("/companies"));
    expect(router.state.location.pathname).toBe("/companies");
    // The link was followed, but the contacts page is what the person still sees, and clicks.
    fireEvent.click(screen.getByRole("button", { name: "Jane" }));
    await act(async () => arrive());
    expect(router.state.location.pathname + router.state.location.search).toBe("/contacts?open=con_jane");
    expect(screen.getByText("contacts con_jane")).toBeTruthy();
  });

  it("builds on the page's own parameters when given a function", async () => {
    const { router } = renderWithSlowCompanies();
    fireEvent.click(screen.getByRole("button", { name: "View" }));
    await act(() => Promise.resolve());
    expect(router.state.location.search).toBe("?open=con_ann&view=vw_1");
    expect(screen.getByText("contacts con_ann")).toBeTruthy();
  });
});
