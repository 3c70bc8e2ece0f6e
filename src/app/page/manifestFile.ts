/**
 * The web app manifest of each language (scripts/appManifest.ts writes them at build time; no
 * import here, so the build's config can read this module too).
 */

/** The manifest's file name for a language. */
export const manifestFile = (language: string) => `manifest.${language}.webmanifest`;

/** Points the page's manifest link at `language`'s manifest; a page without the link (the dev server) is left alone. */
export function linkManifest(language: string, doc: Pick<Document, 'querySelector'> = document): void {
  doc.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.setAttribute('href', `/${manifestFile(language)}`);
}
