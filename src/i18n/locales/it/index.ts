/** The Italian texts, file by file (src/i18n/index.ts loads a language as one piece). */
export default import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });
