import { firebaseConfig, firebaseApp } from "./firebase";

type Params = Record<string, string | number | boolean>;
type Sender = (name: string, params?: Params) => void;

let sender: Promise<Sender> | null = null;

/** Analytics loads only when a measurement id is configured; otherwise nothing is fetched or sent. */
export function analyticsEnabled(): boolean {
  return Boolean(firebaseConfig.measurementId);
}

function loadSender(): Promise<Sender> {
  sender ??= import("firebase/analytics").then(({ getAnalytics, logEvent }) => {
    const analytics = getAnalytics(firebaseApp);
    return (name: string, params?: Params) => logEvent(analytics, name, params);
  });
  return sender;
}

export function track(name: string, params?: Params): void {
  if (!analyticsEnabled()) return;
  void loadSender().then((send) => send(name, params));
}

export function trackPageView(path: string): void {
  track("page_view", { page_path: path });
}
