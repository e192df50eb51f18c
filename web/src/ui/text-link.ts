/**
 * A link inside a sentence: underlined, so it is told from the words around it by more than its colour (WCAG 1.4.1).
 */
export const textLinkClass = "font-medium text-primary underline underline-offset-2";
