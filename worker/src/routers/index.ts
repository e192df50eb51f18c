import { createCallerFactory, createTRPCRouter } from "../trpc";
import { contactsRouter } from "./contacts";
import { feedbackRouter } from "./feedback";
import { inviteRouter } from "./invite";
import { organizationRouter } from "./organization";
import { userRouter } from "./user";

export const appRouter = createTRPCRouter({
  user: userRouter,
  organization: organizationRouter,
  invite: inviteRouter,
  feedback: feedbackRouter,
  contacts: contactsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
