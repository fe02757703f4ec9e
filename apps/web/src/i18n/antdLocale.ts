import type { ConfigProviderProps } from 'antd';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import jaJP from 'antd/es/locale/ja_JP';
import koKR from 'antd/es/locale/ko_KR';
import zhCN from 'antd/es/locale/zh_CN';
import zhHK from 'antd/es/locale/zh_HK';
import type { Language } from './language';

/** antd's own texts (pagination, empty states, pickers) in the app's language. */
export const ANTD_LOCALES: Record<Language, NonNullable<ConfigProviderProps['locale']>> = {
  zh: zhCN,
  hk: zhHK,
  en: enUS,
  kr: koKR,
  jp: jaJP,
  spa: esES,
};
