import type en from './en.json';

// Makes t() accept only keys that exist in the resources.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
