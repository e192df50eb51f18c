import { defaultPipeline } from "../../../../worker/src/domain/default-pipeline";

/**
 * The stages every workspace starts with (the worker creates them in organization.create).
 * Shown while there is no procedure to read pipelines; replace with a query when there is one.
 */
export const defaultStages = defaultPipeline.stages;
