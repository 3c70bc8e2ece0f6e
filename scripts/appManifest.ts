/**
 * The web app manifest (what a browser installs: name, start, display, colours, icons), one per
 * language: `manifest.<language>.webmanifest`, its name, short name and description from the
 * language's `app` texts (src/i18n/locales/<language>/app.json). index.html links the English one
 * (vite-plugin-pwa writes it and adds the link); the page points the link at its own language's
 * (src/app/page/manifestFile.ts), so a phone installs the app under the words it is shown in.
 * Every language's manifest has the same `id`, so they describe one app. The icons are rendered
 * from the board by scripts/make-icons.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ManifestOptions } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { manifestFile } from '../src/app/page/manifestFile.js';

const LOCALES = fileURLToPath(new URL('../src/i18n/locales/', import.meta.url));

/** The page's background and the browser's bar around it (index.html's theme-color, hud.css's body). */
const PAGE_COLOUR = '#1b1f27';

/** The languages the page speaks: one folder of texts each. */
const languages = () => readdirSync(LOCALES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

export function appManifest(language: string): Partial<ManifestOptions> {
  const { manifest: texts } = JSON.parse(readFileSync(`${LOCALES}${language}/app.json`, 'utf8')) as { manifest: { name: string; shortName: string; description: string } };
  return {
    id: '/',
    name: texts.name,
    short_name: texts.shortName,
    description: texts.description,
    lang: language,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: PAGE_COLOUR,
    theme_color: PAGE_COLOUR,
    categories: ['games'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** Writes the manifests of the languages but English (vite-plugin-pwa writes that one, with the page's link to it). */
export function otherLanguageManifests(): Plugin {
  return {
    name: 'rolit-language-manifests',
    apply: 'build',
    generateBundle() {
      for (const language of languages().filter((l) => l !== 'en')) {
        this.emitFile({ type: 'asset', fileName: manifestFile(language), source: `${JSON.stringify(appManifest(language))}\n` });
      }
    },
  };
}
