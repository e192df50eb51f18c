import { act, render } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";

// The router as a busy page sees it: writes are asked for at once and land (are rendered) later, in an order
// each test chooses.
type Entry = { pathname: string; search: string; state: unknown; key: string };
const router = vi.hoisted(() => ({
  location: { pathname: "/contacts", search: "", state: null, key: "k0" } as Entry,
  writes: [] as Entry[],
}));
vi.mock("react-router-dom", () => ({ useLocation: () => router.location }));
vi.mock("../../web/src/lib/page-search-params", () => ({
  latestSearch: (_pathname: string, rendered: string) => rendered,
  usePageSearchParams: () => [
    new URLSearchParams(router.location.search),
    (next: URLSearchParams, options: { state: unknown }) => {
      const query = next.toString();
      router.writes.push({
        pathname: "/contacts",
        search: query ? `?${query}` : "",
        state: options.state,
        key: `k${router.writes.length + 1}`,
      });
    },
  ],
}));
const { OPEN_ADDRESS_INTERVAL_MS, usePaletteLink } = await import("../../web/src/app/palette-links");

let link: ReturnType<typeof usePaletteLink>;
function Page() {
  link = usePaletteLink();
  return null;
}

describe("usePaletteLink when the address lands late", () => {
  let view: ReturnType<typeof render>;
  /** The router renders an entry: one of this page's writes, or one from elsewhere. */
  const land = (entry: Entry) =>
    act(() => {
      router.location = entry;
      view.rerender(<Page />);
    });
  const elsewhere = (search: string, key: string) => land({ pathname: "/contacts", search, state: null, key });
  const wrote = (n: number) => router.writes[n - 1];
  const searches = () => router.writes.map((write) => write.search);

  beforeEach(() => {
    vi.useFakeTimers();
    router.location = { pathname: "/contacts", search: "", state: null, key: "k0" };
    router.writes = [];
    view = render(<Page />);
  });

  it("a write of its own landing after a later choice neither reopens it nor cancels the choice's write", () => {
    act(() => link.setOpenId("con_di"));
    act(() => vi.advanceTimersByTime(OPEN_ADDRESS_INTERVAL_MS));
    act(() => link.setOpenId(null));
    act(() => link.setOpenId("con_ann"));
    expect(searches()).toEqual(["?open=con_di", ""]);
    // Di's address is rendered only now, then the close's.
    land(wrote(1));
    expect(link.openId).toBe("con_ann");
    land(wrote(2));
    expect(link.openId).toBe("con_ann");
    act(() => vi.advanceTimersByTime(OPEN_ADDRESS_INTERVAL_MS));
    expect(searches().at(-1)).toBe("?open=con_ann");
    land(wrote(3));
    expect(link.openId).toBe("con_ann");
  });

  it("builds a change on the one asked for before it, while that one has not landed", () => {
    elsewhere("?view=v1", "k-view");
    act(() => link.setOpenId("con_1"));
    // (The panel opening re-rendered the page, on the address before this write.)
    act(() => link.setCreating(true));
    expect(searches()).toEqual(["?view=v1&open=con_1", "?view=v1&open=con_1&new=1"]);
  });

  it("follows an address from elsewhere, and wins over a write still waiting", () => {
    act(() => link.setOpenId("con_1"));
    act(() => link.setOpenId("con_2"));
    elsewhere("?open=con_palette", "k-palette");
    expect(link.openId).toBe("con_palette");
    act(() => vi.advanceTimersByTime(OPEN_ADDRESS_INTERVAL_MS * 2));
    expect(searches()).toEqual(["?open=con_1"]);
    expect(link.openId).toBe("con_palette");
  });

  it("follows Back to an entry it wrote before it followed a link", () => {
    act(() => link.setOpenId("con_1"));
    land(wrote(1));
    elsewhere("?open=con_palette", "k-palette");
    expect(link.openId).toBe("con_palette");
    // Back: the entry this page wrote, as the history kept it.
    land(wrote(1));
    expect(link.openId).toBe("con_1");
  });

  it("keeps the open record when another part of the address changes, and its write still waiting", () => {
    act(() => link.setOpenId("con_1"));
    land(wrote(1));
    act(() => link.setOpenId("con_2"));
    elsewhere("?open=con_1&view=v2", "k-view");
    expect(link.openId).toBe("con_2");
    act(() => vi.advanceTimersByTime(OPEN_ADDRESS_INTERVAL_MS));
    expect(searches().at(-1)).toBe("?open=con_2&view=v2");
  });
});
