import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { Toaster } from "sonner";
import { preloadPagesFor, routes } from "./app/routes";
import { AuthProvider } from "./lib/auth";
import { followConnection } from "./lib/offline-edits";
import { persistOptions, queryClient, refreshRestoredQueries } from "./lib/query-client";
import { ThemeProvider, useTheme } from "./lib/theme";
import { returnFocusFromToasts, TOAST_OPTIONS } from "./lib/toast";
import { keyHistoryEntry } from "./ui/data-table/list-memory";
import "./styles.css";

preloadPagesFor(location.pathname);
keyHistoryEntry();
followConnection();
returnFocusFromToasts();
const router = createBrowserRouter(routes);

function ThemedToaster() {
  const { theme } = useTheme();
  return <Toaster {...TOAST_OPTIONS} theme={theme} richColors closeButton />;
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions}
      onSuccess={() => void refreshRestoredQueries()}
    >
      <ThemeProvider>
        <AuthProvider>
          <RouterProvider router={router} />
          <ThemedToaster />
        </AuthProvider>
      </ThemeProvider>
    </PersistQueryClientProvider>
  </StrictMode>,
);
