import { beforeEach, describe, expect, it, vi } from "vitest";
import { createFeedback } from "../../web/src/features/records/create-feedback";
import { answered } from "./trpc-fixtures";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("sonner", () => ({ toast }));

/** A new-contact dialog's feedback, with a property form that owns errors mentioning "Tier". */
function contactFeedback() {
  const onCreated = vi.fn();
  const close = vi.fn();
  const showServerError = vi.fn((error: unknown) => (error as Error).message.includes("Tier"));
  const feedback = createFeedback({
    noun: "contact",
    plural: "contacts",
    nameOf: (contact: { firstName: string }) => contact.firstName,
    onCreated,
    close,
    properties: { showServerError } as never,
  });
  return { feedback, onCreated, close, showServerError };
}

describe("what a new-record dialog tells after its create", () => {
  beforeEach(() => vi.clearAllMocks());

  it("names the new record with an Open action, then closes", () => {
    const { feedback, onCreated, close } = contactFeedback();
    feedback.onSuccess({ id: "con_1", firstName: "Grace" });
    expect(close).toHaveBeenCalledOnce();
    expect(toast.success).toHaveBeenCalledWith("Grace added to contacts.", expect.anything());
    const [, options] = toast.success.mock.calls[0] as [string, { action: { label: string; onClick: () => void } }];
    expect(options.action.label).toBe("Open");
    expect(onCreated).not.toHaveBeenCalled();
    options.action.onClick();
    expect(onCreated).toHaveBeenCalledWith({ id: "con_1", firstName: "Grace" });
  });

  it("says which record holds the email on a clash, and keeps the dialog open", () => {
    const { feedback, close } = contactFeedback();
    feedback.onError(answered("CONFLICT", "ann@acme.com already belongs to Ann Lee."));
    expect(toast.error).toHaveBeenCalledWith("ann@acme.com already belongs to Ann Lee.");
    expect(close).not.toHaveBeenCalled();
  });

  it("leaves a custom property's error to its input, and field errors to the form", () => {
    const { feedback, showServerError } = contactFeedback();
    feedback.onError(answered("BAD_REQUEST", "Tier must be one of Gold, Silver."));
    expect(showServerError).toHaveBeenCalledOnce();
    feedback.onError(
      answered("BAD_REQUEST", "Enter a valid email.", {
        zodError: { formErrors: [], fieldErrors: { emails: ["Enter a valid email."] } },
      }),
    );
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("toasts anything else with what failed", () => {
    const { feedback } = contactFeedback();
    feedback.onError(answered("FORBIDDEN", "Create or join an organization first."));
    expect(toast.error).toHaveBeenCalledWith(
      "Could not add the contact: Create or join an organization first.",
      undefined,
    );
  });
});
