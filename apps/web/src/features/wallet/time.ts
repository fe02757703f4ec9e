import { language } from '../../i18n';
import { LANGUAGE_INFO } from '../../i18n/language';

const TIME_FORMAT = new Intl.DateTimeFormat(LANGUAGE_INFO[language].tag, {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An epoch-ms time in the user's language and time zone. */
export const formatTime = (timeMs: number): string => TIME_FORMAT.format(timeMs);
