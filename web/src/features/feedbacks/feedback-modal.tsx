import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useLocation } from "react-router-dom";
import { feedbackCategories } from "../../../../drizzle/values";
import { fieldErrorsOf } from "../../lib/field-errors";
import { toast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { useKeyedMutation } from "../../lib/use-keyed-mutation";
import { Button } from "../../ui/button";
import { ChoiceGroup } from "../../ui/choice-group";
import { Dialog } from "../../ui/dialog";
import { Field, Textarea } from "../../ui/input";

type Category = (typeof feedbackCategories)[number];
const categoryLabels: Record<Category, string> = { bug: "Bug", idea: "Idea", praise: "Praise", other: "Other" };

export function FeedbackModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const location = useLocation();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [category, setCategory] = useState<Category>("idea");
  // Keyed: sent again after no answer, it is one feedback, not two.
  const send = useKeyedMutation(
    trpc.feedback.create.mutationOptions({
      onSuccess: () => {
        toast.success("Thanks! Your feedback reached the team.");
        setText("");
        setCategory("idea");
        onOpenChange(false);
        void queryClient.invalidateQueries({ queryKey: trpc.feedback.list.queryKey() });
      },
      onError: (error) => toast.error(`Could not send feedback: ${error.message}`),
    }),
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ text, category, page: location.pathname });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Send feedback"
      description="Tell us what works, what does not, and what you need."
    >
      <form onSubmit={handleSubmit} className="flex flex-col gap-4">
        <ChoiceGroup
          label="Category"
          variant="pills"
          options={feedbackCategories}
          value={category}
          onChange={setCategory}
          labelOf={(option) => categoryLabels[option]}
        />
        <Field label="Your feedback" error={fieldErrorsOf(send.error).text}>
          {(props) => (
            <Textarea
              {...props}
              name="feedback"
              autoFocus
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="The deals board should…"
              onKeyDown={(e) => {
                if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) handleSubmit(e);
              }}
            />
          )}
        </Field>
        <div className="flex items-center justify-between">
          <span className="text-xs text-muted">Sent from {location.pathname}</span>
          <div className="flex gap-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" pending={send.isPending} disabled={text.trim().length < 3 || send.isPending}>
              Send feedback
            </Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
