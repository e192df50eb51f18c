import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { readAgainAfterResumed } from "../../web/src/app/resume-offline-edits";

/** A server whose answers leave when the test says: each read answers with what it held when the read was sent. */
function slowServer(initial: string) {
  let held = initial;
  const pending: (() => void)[] = [];
  return {
    save: (value: string) => void (held = value),
    read: () => {
      const answer = held;
      return new Promise<string>((resolve) => pending.push(() => resolve(answer)));
    },
    answerAll: () => pending.splice(0).forEach((answer) => answer()),
    get waiting() {
      return pending.length;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("reading again after kept edits are saved", () => {
  it("does not let a read sent before the save show the old value as fresh", async () => {
    const server = slowServer("Mathematician");
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
    const observer = new QueryObserver(client, { queryKey: ["contacts", "list"], queryFn: server.read });
    const stop = observer.subscribe(() => undefined);
    // The list a tab opening asks for, on its way while the kept edit is saved.
    expect(server.waiting).toBe(1);
    server.save("Aerospace Technologist");

    const reading = readAgainAfterResumed(client);
    await settle();
    server.answerAll();
    await reading;
    server.answerAll();
    await settle();

    expect(observer.getCurrentResult().data).toBe("Aerospace Technologist");
    stop();
  });
});
