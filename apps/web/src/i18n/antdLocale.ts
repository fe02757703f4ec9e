import type { ConfigProviderProps } from 'antd';
import type { Language } from './language';

type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

/** antd's own texts (pagination, empty states, pickers) in the app's language, loaded for that language only. */
export const ANTD_LOCALES: Record<Language, () => Promise<{ default: AntdLocale }>> = {
  zh: () => import('antd/es/locale/zh_CN'),
  hk: () => import('antd/es/locale/zh_HK'),
  en: () => import('antd/es/locale/en_US'),
  kr: () => import('antd/es/locale/ko_KR'),
  jp: () => import('antd/es/locale/ja_JP'),
  spa: () => import('antd/es/locale/es_ES'),
};
