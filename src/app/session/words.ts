/**
 * A text to show: words, or how to word them, asked again at each reading, so that a text already
 * on screen is said in the page's language after a switch.
 */
export type Words = string | (() => string);
