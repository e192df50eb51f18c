import { createCallerFactory, createTRPCRouter } from "../trpc";
import { searchRouter } from "./search";
import { tagsRouter } from "./tags";
import { viewsRouter } from "./views";
import { tasksRouter } from "./tasks";
import { timelineRouter } from "./timeline";
import { propertiesRouter } from "./properties";
import { notesRouter } from "./notes";
import { notificationsRouter } from "./notifications";
import { favoritesRouter } from "./favorites";
import { companiesRouter } from "./companies";
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
  companies: companiesRouter,
  search: searchRouter,
  tags: tagsRouter,
  views: viewsRouter,
  tasks: tasksRouter,
  properties: propertiesRouter,
  notes: notesRouter,
  timeline: timelineRouter,
  notifications: notificationsRouter,
  favorites: favoritesRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
