import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";

const state = vi.hoisted(() => ({
  auth: { status: "loading" as "loading" | "signed-out" | "signed-in" },
  user: { status: "pending" as "pending" | "success" | "error", data: undefined as unknown },
}));

vi.mock("../../web/src/lib/auth", () => ({
  useAuth: () => ({ ...state.auth, signOut: vi.fn() }),
}));
vi.mock("../../web/src/features/auth/use-current-user", () => ({
  useCurrentUser: () => ({ ...state.user, error: null, refetch: vi.fn() }),
}));

const { Guard } = await import("../../web/src/app/guards");

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/signin" element={<p>sign-in page</p>} />
        <Route element={<Guard require="signed-in" />}>
          <Route path="/setup" element={<p>setup page</p>} />
        </Route>
        <Route element={<Guard require="registered" />}>
          <Route path="/home" element={<p>home page</p>} />
          <Route path="/contacts" element={<p>contacts page</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe("Guard (SPEC §2)", () => {
  beforeEach(() => {
    state.auth.status = "loading";
    state.user = { status: "pending", data: undefined };
  });

  it("shows a full-screen spinner while authentication loads", () => {
    renderAt("/contacts");
    expect(screen.getByTestId("full-screen-spinner")).toBeTruthy();
  });

  it("sends a signed-out user to /signin", () => {
    state.auth.status = "signed-out";
    renderAt("/contacts");
    expect(screen.getByText("sign-in page")).toBeTruthy();
  });

  it("sends a signed-in user without a user record to /setup", () => {
    state.auth.status = "signed-in";
    state.user = { status: "success", data: null };
    renderAt("/contacts");
    expect(screen.getByText("setup page")).toBeTruthy();
  });

  it("lets a registered user in", () => {
    state.auth.status = "signed-in";
    state.user = { status: "success", data: { id: "u1" } };
    renderAt("/contacts");
    expect(screen.getByText("contacts page")).toBeTruthy();
  });

  it("sends a registered user away from /setup to /home", () => {
    state.auth.status = "signed-in";
    state.user = { status: "success", data: { id: "u1" } };
    renderAt("/setup");
    expect(screen.getByText("home page")).toBeTruthy();
  });
});
