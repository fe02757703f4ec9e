import { CloseCircleFilled, EllipsisOutlined } from '@ant-design/icons';
import type { ConfigProviderProps } from 'antd';
import i18n from 'i18next';

/**
 * The icons antd puts inside its own controls (a tab strip's "more" button, an input's clear
 * button) would name those controls by the icon's English file name: they say the app's text.
 */
export function antdIconLabels(): Pick<ConfigProviderProps, 'tabs' | 'input'> {
  return {
    tabs: { moreIcon: <EllipsisOutlined aria-label={i18n.t('a11y.moreTabs')} /> },
    input: { allowClear: { clearIcon: <CloseCircleFilled aria-label={i18n.t('a11y.clear')} /> } },
  };
}
