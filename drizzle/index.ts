export * from "./users";
export * from "./organizations";
export * from "./pipelines";
export * from "./feedback";
export * from "./values";
export * from "./records";
export * from "./timeline";
export * from "./customization";
