import { CloseCircleFilled, EllipsisOutlined } from '@ant-design/icons';
import type { ConfigProviderProps } from 'antd';
import i18n from 'i18next';
import type { ReactNode } from 'react';

/*
 * The icons antd puts inside its own controls (a tab strip's "more" button, an input's clear
 * button) would name those controls by the icon's English file name: they say the app's text.
 */

/** For the app's ConfigProvider: only icons, so no control changes what it does. */
export function antdIconLabels(): Pick<ConfigProviderProps, 'tabs'> {
  return { tabs: { moreIcon: <EllipsisOutlined aria-label={i18n.t('a11y.moreTabs')} /> } };
}

/** An input's `allowClear`, its button named in the app's language. */
export function labelledClear(): { clearIcon: ReactNode } {
  return { clearIcon: <CloseCircleFilled aria-label={i18n.t('a11y.clear')} /> };
}
