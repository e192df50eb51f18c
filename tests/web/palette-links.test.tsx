import { act, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { OPEN_ADDRESS_INTERVAL_MS, usePaletteLink } from "../../web/src/app/palette-links";

let link: ReturnType<typeof usePaletteLink>;
function Page() {
  link = usePaletteLink();
  return <p>{link.openId ?? "none"}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: "/contacts", element: <Page /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, address: () => router.state.location.search };
}

describe("usePaletteLink: the open record and the create dialog in the address", () => {
  beforeEach(() => vi.useFakeTimers());

  it("starts from the address and follows a link to another record while the page is open", async () => {
    const { router } = renderAt("/contacts?open=con_a");
    expect(link.openId).toBe("con_a");
    await act(() => router.navigate("/contacts?open=con_b"));
    expect(link.openId).toBe("con_b");
    await act(() => router.navigate(-1));
    expect(link.openId).toBe("con_a");
  });

  it("shows a record at once, writes the address at once, then at most every 250 ms, the last one last", async () => {
    const { router, address } = renderAt("/contacts?view=v1");
    act(() => link.setOpenId("con_1"));
    expect(link.openId).toBe("con_1");
    await act(async () => {});
    expect(address()).toBe("?view=v1&open=con_1");
    for (const id of ["con_2", "con_3", "con_4"]) act(() => link.setOpenId(id));
    expect(link.openId).toBe("con_4");
    expect(address()).toBe("?view=v1&open=con_1");
    await act(() => vi.advanceTimersByTimeAsync(OPEN_ADDRESS_INTERVAL_MS));
    expect(address()).toBe("?view=v1&open=con_4");
    expect(link.openId).toBe("con_4");
    // Replaced, not pushed: one history entry all along.
    expect(router.state.historyAction).toBe("REPLACE");
    act(() => link.setOpenId(null));
    await act(() => vi.advanceTimersByTimeAsync(OPEN_ADDRESS_INTERVAL_MS));
    expect(address()).toBe("?view=v1");
  });

  it("an address set elsewhere wins over a write still waiting", async () => {
    const { router, address } = renderAt("/contacts");
    act(() => link.setOpenId("con_1"));
    act(() => link.setOpenId("con_2"));
    await act(() => router.navigate("/contacts?open=con_palette"));
    expect(link.openId).toBe("con_palette");
    await act(() => vi.advanceTimersByTimeAsync(OPEN_ADDRESS_INTERVAL_MS * 2));
    expect(address()).toBe("?open=con_palette");
    expect(link.openId).toBe("con_palette");
  });

  it("opens and closes the create dialog in the address, dropping its company with it", async () => {
    const { address } = renderAt("/contacts?new=1&company=cmp_1");
    expect(link.create).toBe(true);
    expect(link.companyId).toBe("cmp_1");
    // Two changes in one event both land.
    await act(async () => {
      link.setCreating(false);
      link.setOpenId("con_new");
    });
    expect(address()).toBe("?open=con_new");
    expect(link.create).toBe(false);
    await act(async () => link.setCreating(true));
    expect(address()).toBe("?open=con_new&new=1");
  });
});
