/**
 * The installable app's parts that need no browser (docs/app.md, Install and offline): the manifest
 * of each language (scripts/appManifest.ts), the icons it names (public/icons, rendered by
 * scripts/make-icons.ts), the page's link to its language's manifest, and the network's state that
 * online play waits on. The browser test (test/browser/offlineApp.test.ts) installs and plays.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { appManifest, otherLanguageManifests } from '../../scripts/appManifest';
import { linkManifest, manifestFile } from '../../src/app/page/manifestFile';
import { onNetworkBack, useNetwork } from '../../src/app/page/network';
import { LANGUAGES } from '../../src/i18n/index';

const texts = (language: string) => JSON.parse(readFileSync(`src/i18n/locales/${language}/app.json`, 'utf8')).manifest;

describe('the manifests', () => {
  it('one per language: the same app (id, start, display, colours, icons) under the language’s own name and description', () => {
    const english = appManifest('en');
    expect(english).toMatchObject({ id: '/', start_url: '/', scope: '/', display: 'standalone', lang: 'en', name: 'Rolit 3D', short_name: 'Rolit' });
    for (const language of Object.keys(LANGUAGES)) {
      const manifest = appManifest(language);
      const { name, shortName, description } = texts(language);
      expect(manifest).toMatchObject({ lang: language, name, short_name: shortName, description });
      const { name: _n, short_name: _s, description: _d, lang: _l, ...same } = manifest;
      const { name: _en, short_name: _es, description: _ed, lang: _el, ...englishSame } = english;
      expect(same).toEqual(englishSame);
    }
  });

  it('the build writes the manifests of the other languages, as the page links them', () => {
    const written: string[] = [];
    const plugin = otherLanguageManifests();
    (plugin.generateBundle as (this: unknown) => void).call({ emitFile: ({ fileName, source }: { fileName: string; source: string }) => written.push(`${fileName} ${JSON.parse(source).lang}`) });
    expect(written.sort()).toEqual(['de', 'fr', 'it', 'nl'].map((l) => `${manifestFile(l)} ${l}`));
  });

  it('its icons are PNGs of their stated size: the "any" ones with rounded (transparent) corners, the maskable one opaque to its edges', () => {
    const icons = appManifest('en').icons!;
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of [...icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180', purpose: 'maskable' }]) {
      const png = PNG.sync.read(readFileSync(`public${icon.src}`));
      expect(`${png.width}x${png.height}`, icon.src).toBe(icon.sizes);
      const alpha = (x: number, y: number) => png.data[(y * png.width + x) * 4 + 3];
      expect([alpha(0, 0), alpha(png.width >> 1, png.height >> 1)], icon.src).toEqual(icon.purpose === 'any' ? [0, 255] : [255, 255]);
    }
    expect(readdirSync('public/icons').sort()).toEqual(['apple-touch-icon.png', 'icon-192.png', 'icon-512.png', 'icon-maskable-512.png']);
  });

  it('the page points its manifest link at its language’s, and leaves a page without one alone', () => {
    const link = { href: '', setAttribute: (_: string, value: string) => (link.href = value) };
    linkManifest('de', { querySelector: () => link } as unknown as Document);
    expect(link.href).toBe('/manifest.de.webmanifest');
    expect(() => linkManifest('fr', { querySelector: () => null } as unknown as Document)).not.toThrow();
  });
});

describe('the network', () => {
  it('calls back each time the network returns, never while it stays or goes', () => {
    const back: boolean[] = [];
    const stop = onNetworkBack(() => back.push(useNetwork.getState().online));
    try {
      useNetwork.setState({ online: true });
      useNetwork.setState({ online: false });
      useNetwork.setState({ online: false });
      expect(back).toEqual([]);
      useNetwork.setState({ online: true });
      useNetwork.setState({ online: true });
      expect(back).toEqual([true]);
      useNetwork.setState({ online: false });
      useNetwork.setState({ online: true });
      expect(back).toEqual([true, true]);
    } finally {
      stop();
      useNetwork.setState({ online: true });
    }
  });
});
