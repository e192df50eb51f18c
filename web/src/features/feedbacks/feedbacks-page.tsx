import { useQuery } from "@tanstack/react-query";
import { MessageSquarePlus } from "lucide-react";
import { useShell } from "../../app/shell-context";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { PageBody, PageHeader } from "../../ui/page";
import { FeedbackList } from "./feedback-list";

export default function FeedbacksPage() {
  const { openFeedback } = useShell();
  const feedback = useQuery(trpc.feedback.list.queryOptions());

  return (
    <>
      <PageHeader
        title="Feedbacks"
        description="What your team reported about the CRM, newest first."
        actions={
          <Button onClick={openFeedback}>
            <MessageSquarePlus className="size-4" aria-hidden />
            Send feedback
          </Button>
        }
      />
      <PageBody>
        <FeedbackList query={feedback} onSendFeedback={openFeedback} />
      </PageBody>
    </>
  );
}
