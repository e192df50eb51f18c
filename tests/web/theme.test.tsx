import { act, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { initialTheme, ThemeProvider, useTheme } from "../../web/src/lib/theme";

describe("initialTheme (SPEC §4)", () => {
  it("uses the stored value first", () => {
    expect(initialTheme("dark", false)).toBe("dark");
    expect(initialTheme("light", true)).toBe("light");
  });
  it("follows the system's dark preference when nothing is stored", () => {
    expect(initialTheme(null, true)).toBe("dark");
  });
  it("is light otherwise", () => {
    expect(initialTheme(null, false)).toBe("light");
    expect(initialTheme("purple", false)).toBe("light");
  });
});

function Toggle() {
  const { theme, toggleTheme } = useTheme();
  return <button onClick={toggleTheme}>{theme}</button>;
}

describe("ThemeProvider", () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = "";
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("dark"), media: query }));
  });

  it("starts dark from the system preference and stores the user's choice", () => {
    render(
      <ThemeProvider>
        <Toggle />
      </ThemeProvider>,
    );
    expect(screen.getByRole("button").textContent).toBe("dark");
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    act(() => screen.getByRole("button").click());
    expect(screen.getByRole("button").textContent).toBe("light");
    expect(localStorage.getItem("theme")).toBe("light");
    expect(document.documentElement.classList.contains("dark")).toBe(false);
  });
});
