import { Compass } from "lucide-react";
import { Link } from "react-router-dom";
import { EmptyState } from "../ui/empty-state";
import { PageBody } from "../ui/page";

export default function NotFoundPage() {
  return (
    <PageBody className="pt-16">
      <EmptyState
        icon={Compass}
        title="This page does not exist"
        description="The link may be mistyped, or the page has moved."
        action={
          <Link
            to="/home"
            className="inline-flex h-9 items-center rounded-md bg-primary px-3.5 text-sm font-medium text-primary-foreground hover:bg-primary-hover"
          >
            Go to Home
          </Link>
        }
      />
    </PageBody>
  );
}
