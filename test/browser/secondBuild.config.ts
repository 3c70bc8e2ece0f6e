/**
 * The app's build config with a mark (offlineApp.test.ts builds a second version with it): the page
 * says which build it is (`<meta name="rolit-build" content="second">`) and the start script has a
 * line more, so it and every chunk that imports it get new names, as in a deploy of changed code.
 */
import { mergeConfig, type Plugin } from 'vite';
import appConfig from '../../vite.config';

const mark: Plugin = {
  name: 'rolit-test-second-build',
  transformIndexHtml: (html) => html.replace('<title>', '<meta name="rolit-build" content="second" />\n    <title>'),
  transform: (code, id) => (id.endsWith('/src/main.tsx') ? `${code}\ndocument.documentElement.dataset.build = 'second';\n` : null),
};

export default mergeConfig(appConfig, { plugins: [mark] });
