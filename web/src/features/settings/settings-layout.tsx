import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import { cn } from "../../ui/cn";
import { PageHeader, pageGutter } from "../../ui/page";
import { SettingsNav } from "./settings-nav";
import { SettingsSkeleton } from "./settings-skeleton";

export default function SettingsLayout() {
  return (
    <>
      <PageHeader title="Settings" description="Your account, your team and how this workspace works." />
      <div className={cn("flex flex-col gap-6 py-6 lg:flex-row lg:gap-10", pageGutter)}>
        <SettingsNav />
        <div className="min-w-0 max-w-3xl flex-1">
          <Suspense fallback={<SettingsSkeleton />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </>
  );
}
